import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'units', version: '1.0.0' });

server.registerTool(
  'convert-length',
  { description: 'Convert a length', inputSchema: z.object({ meters: z.number() }) },
  async ({ meters }, ctx) => {
    type Unit = 'ft' | 'in';
    const factors: Record<Unit, number> = { ft: 3.28084, in: 39.3701 };
    const target = await ctx.mcpReq.elicitInput({
      message: `Convert ${meters} m to?`,
      requestedSchema: { type: 'object', properties: { unit: { type: 'string', enum: ['ft', 'in'] } }, required: ['unit'] },
    });
    const unit: Unit = target.action === 'accept' && target.content?.unit === 'in' ? 'in' : 'ft';
    return { content: [{ type: 'text', text: `${(meters * factors[unit]).toFixed(2)} ${unit}` }] };
  },
);
