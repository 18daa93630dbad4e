import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicit } from './support/request-scope.js';

const server = new McpServer({ name: 'projects', version: '1.0.0' });

async function withRetry(ask: (params: ElicitRequestFormParams) => Promise<ElicitResult>, params: ElicitRequestFormParams): Promise<ElicitResult> {
  try {
    return await ask(params);
  } catch {
    return ask(params);
  }
}

server.registerTool(
  'rename_project',
  { description: 'Rename a project', inputSchema: z.object({ project: z.string() }) },
  async ({ project }) => {
    // @mcp-mrtr-migrate push-in-callback: elicit in tool handler 'rename_project' is passed on or stored as a value
    const answer = await withRetry(elicit, {
      message: `New name for ${project}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${project} kept its name` }] };
    return { content: [{ type: 'text', text: `Renamed ${project} to ${String(answer.content?.name)}` }] };
  },
);
