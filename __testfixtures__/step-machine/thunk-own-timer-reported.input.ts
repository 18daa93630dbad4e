import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'reports', version: '1.0.0' });

const durations: Record<string, number> = {};

/** Runs an operation and records how long it took, as a finished call. */
async function timed<T>(label: string, operation: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await operation();
  } finally {
    durations[label] = Date.now() - started;
  }
}

const ArchiveInput = z.object({ report: z.string() });

const archive = async (args: z.infer<typeof ArchiveInput>, ctx: ServerContext): Promise<CallToolResult> => {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Archive ${args.report}?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  });
  const yes = answer.action === 'accept' && answer.content?.archive === true;
  return { content: [{ type: 'text', text: yes ? `Archived ${args.report}` : 'Kept' }] };
};

server.registerTool('archive_report', { inputSchema: ArchiveInput }, async (args, ctx) => timed('archive_report', async () => archive(args, ctx)));
