// A helper that returns the answer itself, and whose code before the question reads an SDK type:
// its request builder repeats that code, so the type stays imported when the helper goes; the
// answer's type, which no companion spells (there is no outcome function), is not imported.
import { McpServer, type PrimitiveSchemaDefinition, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'travel', version: '1.0.0' });

async function askSeat(ctx: ServerContext, flight: string) {
  const seat: PrimitiveSchemaDefinition = { type: 'string', description: `Seat on ${flight}` };
  return await ctx.mcpReq.elicitInput({
    message: `Seat on ${flight}?`,
    requestedSchema: { type: 'object', properties: { seat }, required: ['seat'] },
  });
}

server.registerTool(
  'pick_seat',
  { description: 'Pick a seat', inputSchema: z.object({ flight: z.string() }) },
  async ({ flight }, ctx) => {
    const picked = await askSeat(ctx, flight);
    if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'No seat picked' }] };
    return { content: [{ type: 'text', text: `Seat ${String(picked.content?.seat)} on ${flight}` }] };
  },
);
