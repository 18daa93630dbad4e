import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

interface Profile { content?: { name: string } }
async function load(id: string): Promise<Profile> { return { content: { name: id } }; }

// The guard that ends the first-leg code narrows a member of the value restored from the state:
// it runs again after the restore, so `profile.content` is narrowed on every leg, as it was.
server.registerTool('greet', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const profile = await load(id);
  if (!profile.content) throw new Error('no profile');
  try {
    const ok = await ctx.mcpReq.elicitInput({
      message: 'Greet?',
      requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
    });
    return { content: [{ type: 'text', text: `${profile.content.name} ${ok.action}` }] };
  } catch {
    return { content: [{ type: 'text', text: 'failed' }] };
  }
});
