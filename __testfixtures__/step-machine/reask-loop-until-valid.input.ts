import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'containers', version: '1.0.0' });

const PORT_PATTERN = /^\d{1,5}:\d{1,5}$/;

server.registerTool(
  'run-container',
  { description: 'Run a container; asks for a port mapping until it is valid', inputSchema: z.object({ image: z.string() }) },
  async ({ image }, ctx) => {
    let mapping: string | undefined;
    let hint = '';
    while (!mapping) {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Port mapping for ${image} as host:container${hint}`,
        requestedSchema: { type: 'object', properties: { ports: { type: 'string' } }, required: ['ports'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Container not started' }] };
      const ports = String(answer.content?.ports ?? '');
      if (PORT_PATTERN.test(ports)) mapping = ports;
      else hint = ` ("${ports}" is not valid)`;
    }
    const [hostPort] = mapping.split(':');
    return { content: [{ type: 'text', text: `Started ${image} on port ${hostPort}` }] };
  },
);
