import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';

/** A tool definition another module registers in a loop over all definitions. */
export const renameTool = {
  name: 'rename',
  description: 'Rename a file after asking for the new name',
  handler: async (args: { path: string }, ctx: ServerContext): Promise<CallToolResult> => {
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput: the function takes a request context (ctx) and asks through it as a handler does, but this run found no registration of it (it is held as `handler` of an object; registrations through a loop over definitions, a factory or another module are not followed), so it is not migrated
    const answer = await ctx.mcpReq.elicitInput({
      message: `New name for ${args.path}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Renamed to ${String(answer.content?.name)}` }] };
  },
};
