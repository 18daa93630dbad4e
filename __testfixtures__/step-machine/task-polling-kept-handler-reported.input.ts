import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function registerSurvey(server: McpServer): void {
  // A name the migrated code would import from the state module keeps the handler as it was;
  // its task requests must still be reported as tasks.
  const clientCapabilities = server.server.getClientCapabilities() ?? {};
  if (!clientCapabilities.elicitation) return;

  server.registerTool('survey', { description: 'Asks through a client-side task and polls it' }, async (ctx) => {
    const created = await ctx.mcpReq.send(
      {
        method: 'elicitation/create',
        params: { task: { ttl: 60_000 }, mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      },
      z.looseObject({ task: z.looseObject({ taskId: z.string() }) }),
    );
    const status = await ctx.mcpReq.send({ method: 'tasks/get', params: { taskId: created.task.taskId } }, z.looseObject({ status: z.string() }));
    return { content: [{ type: 'text', text: status.status }] };
  });
}
