// A capability-gated fallback: ask the user when the client can elicit, else let the client model
// choose, else fail.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

async function reserveSlot(kind: string): Promise<string> {
  effects.push(`reserve:${kind}`);
  return `${kind}-slot`;
}

async function createVolume(slot: string, name: string): Promise<void> {
  effects.push(`volume:${slot}:${name}`);
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'storage', version: '1.0.0' });

  server.registerTool(
    'create-volume',
    {
      description: 'Create a volume, with a name chosen by the user or the client model',
      inputSchema: z.object({ kind: z.enum(['ssd', 'hdd']) }),
    },
    async ({ kind }, ctx) => {
      const slot = await reserveSlot(kind);
      const capabilities = server.server.getClientCapabilities();
      if (capabilities?.elicitation) {
        const choice = await ctx.mcpReq.elicitInput({
          message: `Name the new ${kind} volume`,
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        });
        if (choice.action !== 'accept') {
          effects.push(`free:${slot}`);
          return { content: [{ type: 'text', text: 'No volume created' }] };
        }
        await createVolume(slot, String(choice.content?.name));
        return { content: [{ type: 'text', text: `Created ${String(choice.content?.name)} on ${slot}` }] };
      }
      if (!capabilities?.sampling) {
        effects.push(`free:${slot}`);
        return { isError: true, content: [{ type: 'text', text: 'This tool needs elicitation or sampling' }] };
      }
      const suggestion = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Suggest a short name for a ${kind} volume` } }],
        maxTokens: 10,
      });
      const block = Array.isArray(suggestion.content) ? suggestion.content[0] : suggestion.content;
      const name = block?.type === 'text' ? block.text.trim() : `${kind}-volume`;
      await createVolume(slot, name);
      return { content: [{ type: 'text', text: `Created ${name} on ${slot} (name by ${suggestion.model})` }] };
    },
  );

  // The same fallback with nothing to do before the question.
  server.registerTool(
    'suggest-label',
    {
      description: 'Suggest a label for a volume',
      inputSchema: z.object({ volume: z.string() }),
    },
    async ({ volume }, ctx) => {
      const capabilities = server.server.getClientCapabilities();
      if (capabilities?.elicitation) {
        const choice = await ctx.mcpReq.elicitInput({
          message: `Label for ${volume}`,
          requestedSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
        });
        if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'No label' }] };
        effects.push(`label:${volume}:${String(choice.content?.label)}`);
        return { content: [{ type: 'text', text: `Labelled ${volume} ${String(choice.content?.label)}` }] };
      }
      if (!capabilities?.sampling) {
        return { isError: true, content: [{ type: 'text', text: 'This tool needs elicitation or sampling' }] };
      }
      const suggestion = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Suggest a label for ${volume}` } }],
        maxTokens: 10,
      });
      const block = Array.isArray(suggestion.content) ? suggestion.content[0] : suggestion.content;
      const label = block?.type === 'text' ? block.text.trim() : 'unlabelled';
      effects.push(`label:${volume}:${label}`);
      return { content: [{ type: 'text', text: `Labelled ${volume} ${label} (suggested by ${suggestion.model})` }] };
    },
  );

  return server;
}
