import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('done', { description: 'Already migrated' }, async () => {
  return { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };
});

server.registerTool('spread-done', { description: 'Already migrated with a spread' }, async () => {
  const base = { content: [{ type: 'text' as const, text: 'done' }] };
  return { ...base, resultType: 'complete' };
});
