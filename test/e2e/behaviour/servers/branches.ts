// Questions inside branches: asked only when an `if` says so, asked again in the decline branch of
// an earlier answer, and asked inside a try/catch whose catch reports failures of the work after
// the question.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

interface Manifest {
  name: string;
  private: boolean;
}

async function readManifest(name: string): Promise<Manifest> {
  effects.push(`manifest:${name}`);
  return { name, private: name.startsWith('@internal/') };
}

async function publish(name: string, version: string): Promise<void> {
  effects.push(`publish:${name}@${version}`);
}

interface Key {
  id: string;
  service: string;
}

async function loadKey(service: string): Promise<Key> {
  effects.push(`load-key:${service}`);
  return { id: `${service}-k1`, service };
}

async function rotate(key: Key, reason: string): Promise<string> {
  if (key.service === 'legacy') throw new Error(`${key.service} does not support rotation`);
  effects.push(`rotate:${key.id}:${reason}`);
  return `${key.service}-k2`;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'release', version: '1.0.0' });

  // A question only some calls ask.
  server.registerTool(
    'publish-package',
    {
      description: 'Publish a package; private packages need an explicit override',
      inputSchema: z.object({ name: z.string(), version: z.string() }),
    },
    async ({ name, version }, ctx) => {
      const manifest = await readManifest(name);
      if (manifest.private) {
        const override = await ctx.mcpReq.elicitInput({
          message: `${manifest.name} is private. Publish it anyway?`,
          requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
        });
        if (override.action !== 'accept' || override.content?.publish !== true) {
          return { content: [{ type: 'text', text: `${name} not published (${override.action})` }] };
        }
        effects.push(`override:${name}`);
      }
      await publish(name, version);
      return { content: [{ type: 'text', text: `Published ${name}@${version}` }] };
    },
  );

  // A question only some calls ask, decided by the arguments alone.
  server.registerTool(
    'tag-release',
    {
      description: 'Point a release tag at the current commit',
      inputSchema: z.object({ tag: z.string(), force: z.boolean() }),
    },
    async ({ tag, force }, ctx) => {
      if (!force) {
        const move = await ctx.mcpReq.elicitInput({
          message: `Tag ${tag} exists. Move it to the current commit?`,
          requestedSchema: { type: 'object', properties: { move: { type: 'boolean' } }, required: ['move'] },
        });
        if (move.action !== 'accept' || move.content?.move !== true) {
          return { content: [{ type: 'text', text: `${tag} left where it was` }] };
        }
      }
      effects.push(`tag:${tag}`);
      return { content: [{ type: 'text', text: `Tagged ${tag}${force ? ' (forced)' : ''}` }] };
    },
  );

  // A follow-up question in the decline branch of the first one.
  server.registerTool(
    'close-account',
    {
      description: 'Close an account, asking for feedback when the user changes their mind',
      inputSchema: z.object({ account: z.string() }),
    },
    async ({ account }, ctx) => {
      effects.push(`lookup:${account}`);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Close ${account} for good?`,
        requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
      });
      if (answer.action === 'decline') {
        const feedback = await ctx.mcpReq.elicitInput({
          message: 'Glad you stay. What made you reconsider?',
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        });
        if (feedback.action === 'accept') {
          effects.push(`feedback:${account}:${String(feedback.content?.reason)}`);
        }
        return { content: [{ type: 'text', text: `${account} stays open` }] };
      }
      if (answer.action === 'cancel' || answer.content?.close !== true) {
        return { content: [{ type: 'text', text: 'Nothing changed' }] };
      }
      effects.push(`close:${account}`);
      return { content: [{ type: 'text', text: `${account} closed` }] };
    },
  );

  // The question inside a try whose catch reports failures of the rotation after it.
  server.registerTool(
    'rotate-key',
    {
      description: 'Rotate the API key of a service',
      inputSchema: z.object({ service: z.string() }),
    },
    async ({ service }, ctx) => {
      try {
        const key = await loadKey(service);
        const answer = await ctx.mcpReq.elicitInput({
          message: `Rotate ${key.id}? Give a reason.`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string', minLength: 3 } }, required: ['reason'] },
        });
        if (answer.action !== 'accept') {
          return { content: [{ type: 'text', text: `Rotation of ${key.id} skipped` }] };
        }
        const next = await rotate(key, String(answer.content?.reason));
        effects.push(`notify:${service}`);
        return { content: [{ type: 'text', text: `Rotated ${key.id} to ${next}` }] };
      } catch (error) {
        effects.push(`rollback:${service}`);
        return { content: [{ type: 'text', text: `Rotation failed: ${error instanceof Error ? error.message : String(error)}` }], isError: true };
      }
    },
  );

  return server;
}
