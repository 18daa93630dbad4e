// A helper asks inside a `try` (the guarded lift) and declares, before it, an interface and a type
// only its code after the answer reads. The request builder leaves both out (each would be unused
// there, which noUnusedLocals rejects); the outcome keeps them. A type the question itself reads
// stays in the request builder.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

async function pickPriority(ctx: ServerContext, ticket: string): Promise<string> {
  interface Picked {
    level: Level;
    ticket: string;
  }
  type Level = 'low' | 'high';
  type Prompt = { message: string };
  const prompt: Prompt = { message: `Priority of ${ticket}?` };
  try {
    const answer = await ctx.mcpReq.elicitInput({
      message: prompt.message,
      requestedSchema: { type: 'object', properties: { urgent: { type: 'boolean' } } },
    });
    const picked: Picked = { level: answer.content?.urgent === true ? 'high' : 'low', ticket };
    return answer.action === 'accept' ? `${picked.ticket}: ${picked.level}` : 'unchanged';
  } catch (error) {
    console.error('priority question failed', error);
    return 'unchanged';
  }
}

server.registerTool('triage', { inputSchema: z.object({ ticket: z.string() }) }, async ({ ticket }, ctx) => {
  const priority = await pickPriority(ctx, ticket);
  return { content: [{ type: 'text', text: priority }] };
});
