import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';

/** A tool definition another module registers in a loop over all definitions. */
export const renameTool = {
  name: 'rename',
  description: 'Rename a file after asking for the new name',
  handler: async (args: { path: string }, ctx: ServerContext): Promise<CallToolResult> => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `New name for ${args.path}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Renamed to ${String(answer.content?.name)}` }] };
  },
};
