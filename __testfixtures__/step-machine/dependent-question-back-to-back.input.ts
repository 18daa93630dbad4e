import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pets', version: '1.0.0' });

server.registerTool(
  'adopt-pet',
  { description: 'Adopt a pet', inputSchema: z.object({ shelter: z.string() }) },
  async ({ shelter }, ctx) => {
    const species = await ctx.mcpReq.elicitInput({
      message: `Which animal from ${shelter}?`,
      requestedSchema: { type: 'object', properties: { species: { type: 'string', enum: ['cat', 'dog'] } }, required: ['species'] },
    });
    const petName = await ctx.mcpReq.elicitInput({
      message: `Name for your ${species.action === 'accept' ? String(species.content?.species) : 'pet'}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (species.action !== 'accept' || petName.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No adoption' }] };
    }
    return { content: [{ type: 'text', text: `Adopted ${String(petName.content?.name)} the ${String(species.content?.species)}` }] };
  },
);
