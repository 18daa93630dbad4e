import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Asker = (params: { message: string; requestedSchema: object }) => Promise<{ action: string; content?: Record<string, unknown> }>;

/** Finds whichever elicitInput the host object offers, and asks through it. */
export async function askIfPossible(host: unknown, message: string): Promise<Record<string, unknown> | undefined> {
  const lookup = host as { elicitInput?: Asker; server?: { elicitInput?: Asker } } | undefined;
  // @mcp-mrtr-migrate push-in-callback: lookup?.elicitInput in askIfPossible(): it looks the push function up at run time (`elicit`) and calls it through .call. The question cannot be lifted into a handler that reaches it
  const elicit = lookup?.elicitInput || lookup?.server?.elicitInput;
  if (!elicit) return undefined;
  const owner = lookup?.elicitInput ? lookup : lookup?.server;
  try {
    const reply = await elicit.call(owner, { message, requestedSchema: { type: 'object', properties: { value: { type: 'string' } } } });
    return reply.action === 'accept' ? reply.content : undefined;
  } catch {
    return undefined;
  }
}

const server = new McpServer({ name: 'lookup', version: '1.0.0' });

server.registerTool(
  'find_item',
  { description: 'Find an item', inputSchema: z.object({ query: z.string().optional() }) },
  async ({ query }) => {
    const filled = query ?? String((await askIfPossible(server, 'What are you looking for?'))?.value ?? '');
    return { content: [{ type: 'text', text: `Looking for ${filled}` }] };
  },
);
