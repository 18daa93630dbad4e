import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('status', { description: 'Service status' }, async () => {
  return {
    resultType: 'complete',
    // What the user sees.
    content: [{ type: 'text', text: 'all systems go' }],
  };
});
