import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { BaseTool } from './base.js';
import { effects } from './effects.js';

const schema = z.object({ service: z.string(), version: z.string() });

export class DeployTool extends BaseTool<typeof schema.shape> {
  readonly name = 'deploy';
  readonly schema = schema;

  protected async execute({ service, version }: z.infer<typeof schema>): Promise<CallToolResult> {
    effects.push(`plan:${service}`);
    const confirmed = await this.confirm(`Deploy ${service} ${version}?`);
    if (!confirmed) return { content: [{ type: 'text', text: 'Deployment cancelled' }] };
    effects.push(`deploy:${service}@${version}`);
    return { content: [{ type: 'text', text: `${service} ${version} deployed` }] };
  }

  private async confirm(message: string): Promise<boolean> {
    const answer = await this.server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
