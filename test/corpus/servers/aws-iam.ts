// AWS IAM tools: policy attachment and access-key rotation with explicit user approval.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage, type Logger } from './lib/log.js';

interface IamClient {
  getPolicy(arn: string): Promise<{ arn: string; name: string; attachmentCount: number; isAwsManaged: boolean }>;
  attachUserPolicy(user: string, policyArn: string): Promise<void>;
  listAccessKeys(user: string): Promise<{ id: string; created: string; lastUsed?: string }[]>;
  createAccessKey(user: string): Promise<{ id: string; secret: string }>;
  deactivateAccessKey(user: string, keyId: string): Promise<void>;
}

const PRIVILEGED = [/AdministratorAccess$/, /IAMFullAccess$/, /PowerUserAccess$/];

export class IamTools {
  private readonly log: Logger = createLogger('aws-iam');
  readonly changes: { user: string; change: string; approvedBy?: string; at: string }[] = [];

  constructor(
    private readonly mcp: McpServer,
    private readonly iam: IamClient,
  ) {
    mcp.registerTool(
      'attach_user_policy',
      {
        description: 'Attach a managed policy to an IAM user',
        inputSchema: z.object({ user: z.string(), policyArn: z.string() }),
      },
      async ({ user, policyArn }) => {
        try {
          if (PRIVILEGED.some((pattern) => pattern.test(policyArn))) {
            const approval = await this.mcp.server.elicitInput({
              message: `${policyArn} grants administrative access. Attach it to ${user}?`,
              requestedSchema: {
                type: 'object',
                properties: { approver: { type: 'string', title: 'Your name, for the audit log' } },
                required: ['approver'],
              },
            });
            if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Policy not attached' }] };
            this.changes.push({ user, change: `attach ${policyArn}`, approvedBy: String(approval.content?.approver), at: new Date().toISOString() });
          }
          await this.iam.attachUserPolicy(user, policyArn);
          return { content: [{ type: 'text', text: `Attached ${policyArn} to ${user}` }] };
        } catch (error) {
          this.log.error('attach_user_policy failed', { user, policyArn, error: errorMessage(error) });
          return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
        }
      },
    );

    mcp.registerTool(
      'rotate_access_key',
      {
        description: 'Create a new access key for a user and deactivate the old one',
        inputSchema: z.object({ user: z.string() }),
      },
      async ({ user }, ctx) => {
        const startedAt = new Date();
        const keys = await this.iam.listAccessKeys(user);
        const oldest = [...keys].sort((a, b) => a.created.localeCompare(b.created))[0];
        const confirm = await ctx.mcpReq.elicitInput({
          message: oldest
            ? `Rotate ${user}'s key ${oldest.id} (created ${oldest.created}, last used ${oldest.lastUsed ?? 'never'})?`
            : `${user} has no access key. Create one?`,
          requestedSchema: { type: 'object', properties: { rotate: { type: 'boolean' } }, required: ['rotate'] },
        });
        if (confirm.action !== 'accept' || confirm.content?.rotate !== true) {
          return { content: [{ type: 'text', text: 'No key rotated' }] };
        }
        const created = await this.iam.createAccessKey(user);
        const delivery = await ctx.mcpReq.elicitInput({
          message: `New key ${created.id} created. Where should the secret go?`,
          requestedSchema: {
            type: 'object',
            properties: { destination: { type: 'string', enum: ['show-once', 'secrets-manager'] } },
            required: ['destination'],
          },
        });
        if (oldest) await this.iam.deactivateAccessKey(user, oldest.id);
        this.changes.push({ user, change: `rotate ${oldest?.id ?? '-'} -> ${created.id}`, at: startedAt.toISOString() });
        this.log.info('key rotated', { user, ms: Date.now() - startedAt.getTime() });
        const showSecret = delivery.action === 'accept' && delivery.content?.destination === 'show-once';
        return {
          content: [{ type: 'text', text: showSecret ? `Access key ${created.id}\nSecret: ${created.secret}` : `Access key ${created.id} stored in Secrets Manager` }],
        };
      },
    );
  }
}
