import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'travel', version: '1.0.0' });

async function askSeat(ctx: ServerContext, flight: string) {
  return await ctx.mcpReq.elicitInput({
    message: `Seat on ${flight}?`,
    requestedSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] },
  });
}

function askWindowSeat(ctx: ServerContext, flight: string) {
  return askSeat(ctx, `${flight} (window seats only)`);
}

server.registerTool(
  'pick_seat',
  { description: 'Pick a seat', inputSchema: z.object({ flight: z.string() }) },
  async ({ flight }, ctx) => {
    const picked = await askWindowSeat(ctx, flight);
    if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'No seat picked' }] };
    return { content: [{ type: 'text', text: `Seat ${String(picked.content?.seat)} on ${flight}` }] };
  },
);
