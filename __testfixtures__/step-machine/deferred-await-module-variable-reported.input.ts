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
    const pending = ctx.mcpReq.elicitInput({
      message: `${queueLength} jobs are waiting. Notify you when ${job} is done?`,
      requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } } },
    });
    await enqueue(job);
    const answer = await pending;
    return { content: [{ type: 'text', text: `${job} queued (${answer.action})` }] };
  },
);
