import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('now', { description: 'The current time' }, () => ({
  resultType: 'complete',
  content: [{ type: 'text', text: new Date().toISOString() }],
}));

server.registerTool('ping', { description: 'Answers pong' }, () => ({ resultType: 'complete', content: [{ type: 'text', text: 'pong' }] }));
