import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicit } from './support/request-scope.js';

const server = new McpServer({ name: 'projects', version: '1.0.0' });

server.registerTool(
  'archive_project',
  { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) },
  async ({ project }) => {
    const answer = await elicit({
      message: `Archive ${project}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `${project} kept` }] };
    }
    return { content: [{ type: 'text', text: `Archived ${project}` }] };
  },
);
