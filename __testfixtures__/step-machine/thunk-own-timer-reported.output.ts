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
  // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput is in a request handler, but tool handler archive_report runs it inside a function it hands to timed(), and a wrapper that runs the handler through a function it is given is not followed by this run, so whether timed() hands an input request back unchanged (neither changed nor recorded as a finished call) is not checked
  const answer = await ctx.mcpReq.elicitInput({
    message: `Archive ${args.report}?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  });
  const yes = answer.action === 'accept' && answer.content?.archive === true;
  return { content: [{ type: 'text', text: yes ? `Archived ${args.report}` : 'Kept' }] };
};

// @mcp-mrtr-migrate push-unsupported-shape: archive() (asks through ctx.mcpReq.elicitInput) in tool handler 'archive_report', whose body is an expression
server.registerTool('archive_report', { inputSchema: ArchiveInput }, async (args, ctx) => timed('archive_report', async () => archive(args, ctx)));
