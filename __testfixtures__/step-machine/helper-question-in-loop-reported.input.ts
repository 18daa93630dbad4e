import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'paint', version: '1.0.0' });

async function pickColour(ctx: ServerContext, choices: string[]): Promise<string | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Pick a colour (attempt ${attempt + 1})`,
      requestedSchema: { type: 'object', properties: { colour: { type: 'string', enum: choices } }, required: ['colour'] },
    });
    if (answer.action === 'accept') return String(answer.content?.colour);
  }
  return undefined;
}

server.registerTool(
  'paint_wall',
  { description: 'Paint a wall', inputSchema: z.object({ wall: z.string() }) },
  async ({ wall }, ctx) => {
    const colour = await pickColour(ctx, ['red', 'green', 'blue']);
    return { content: [{ type: 'text', text: `${wall}: ${colour ?? 'left bare'}` }] };
  },
);
