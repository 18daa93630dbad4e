// Database-cloud server: cluster provisioning. The tier question may take the user a while (they
// often check the budget first), so it is sent as a task and polled.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

const atlas = new ApiClient({ baseUrl: 'https://cloud.mongodb.example/api/atlas/v2/', token: process.env.ATLAS_TOKEN });
const log = createLogger('atlas');

const TaskStatus = z.object({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  pollInterval: z.number().optional(),
});
const TaskPayload = z.object({ action: z.enum(['accept', 'decline', 'cancel']), content: z.record(z.string(), z.unknown()).optional() });

const TIERS = ['M10', 'M20', 'M30', 'M40'] as const;

export function createAtlasServer(): McpServer {
  const server = new McpServer({ name: 'atlas', version: '1.2.0' });

  server.registerTool(
    'create_cluster',
    {
      description: 'Provision a dedicated cluster; the user picks the tier',
      inputSchema: z.object({ projectId: z.string(), name: z.string(), region: z.string().default('EU_WEST_1') }),
    },
    async ({ projectId, name, region }, ctx) => {
      const pricing = await atlas.get<Record<string, number>>(`groups/${projectId}/pricing?region=${region}`);
      const created = await ctx.mcpReq.send(
        {
          method: 'elicitation/create',
          params: {
            message: `Tier for ${name} in ${region}? ${TIERS.map((t) => `${t}: $${pricing[t] ?? '?'}/h`).join(', ')}`,
            requestedSchema: { type: 'object', properties: { tier: { type: 'string', enum: [...TIERS] } }, required: ['tier'] },
            task: { ttl: 15 * 60_000 },
          },
        },
        TaskStatus,
      );
      let status = created;
      const deadline = Date.now() + 15 * 60_000;
      while (status.status === 'working' || status.status === 'input_required') {
        if (Date.now() > deadline) return { isError: true, content: [{ type: 'text', text: 'No tier chosen in time' }] };
        await new Promise((resolve) => setTimeout(resolve, status.pollInterval ?? 2_000));
        status = await ctx.mcpReq.send({ method: 'tasks/get', params: { taskId: created.taskId } }, TaskStatus);
      }
      if (status.status !== 'completed') {
        return { content: [{ type: 'text', text: `Cluster not created (${status.status})` }] };
      }
      const answer = await ctx.mcpReq.send({ method: 'tasks/result', params: { taskId: created.taskId } }, TaskPayload);
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cluster not created' }] };
      try {
        const cluster = await atlas.post<{ id: string; stateName: string }>(`groups/${projectId}/clusters`, {
          name,
          providerSettings: { providerName: 'AWS', regionName: region, instanceSizeName: answer.content?.tier },
        });
        return { content: [{ type: 'text', text: `Cluster ${name} (${cluster.id}) is ${cluster.stateName}` }] };
      } catch (error) {
        log.error('create_cluster failed', { projectId, name, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    },
  );

  return server;
}
