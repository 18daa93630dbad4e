import type { ServerContext } from '@modelcontextprotocol/server';

export const PUBLISH_RELEASE = {
  name: 'publish_release',
  description: 'Publish a release',
  handler: async (args: { version: string }, ctx: ServerContext) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Publish ${args.version} to every customer?`,
      requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
    });
    return { content: [{ type: 'text' as const, text: answer.action === 'accept' ? `${args.version} published` : 'Not published' }] };
  },
};
