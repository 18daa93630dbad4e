import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'queue', version: '1.0.0' });

let queueLength = 0;

async function enqueue(job: string): Promise<void> {
  queueLength += job.length > 0 ? 1 : 0;
}

server.registerTool(
  'enqueue-job',
  { description: 'Queue a job', inputSchema: z.object({ job: z.string() }) },
  async ({ job }, ctx) => {
    // enqueue() changes queueLength: asked at the await, the question would show another number.
    // @mcp-mrtr-migrate push-not-awaited: ctx.mcpReq.elicitInput in tool handler 'enqueue-job' is started into a local and not awaited right away; it can move to the await only when the promise is awaited once, later in the same block, and the params read nothing the code in between changes
    const pending = ctx.mcpReq.elicitInput({
      message: `${queueLength} jobs are waiting. Notify you when ${job} is done?`,
      requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } } },
    });
    await enqueue(job);
    const answer = await pending;
    return { content: [{ type: 'text', text: `${job} queued (${answer.action})` }] };
  },
);
