import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pets', version: '1.0.0' });

// The handler's own `inputRequired` would capture the migrated code's call of the SDK's
// inputRequired(...): the handler is kept as it was and reported, never rewritten into code that
// calls the wrong function.
server.registerTool(
  'adopt-pet',
  { description: 'Adopt a pet from a shelter', inputSchema: z.object({ shelter: z.string() }) },
  async ({ shelter }, ctx) => {
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler adopt-pet left as it was: this handler declares inputRequired, the name the migrated code imports from @modelcontextprotocol/server; rename it
    const inputRequired = await ctx.mcpReq.elicitInput({
      message: `Which animal from ${shelter}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (inputRequired.action !== 'accept') return { content: [{ type: 'text', text: 'No adoption' }] };
    return { content: [{ type: 'text', text: `Adopting ${String(inputRequired.content?.name)}` }] };
  },
);

// A parameter named like the state module's reader, in a prompt handler.
server.registerPrompt(
  'pet-name',
  { argsSchema: { species: z.string() } },
  async ({ species: elicitAnswer }, ctx) => {
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in prompt handler pet-name left as it was: this handler declares elicitAnswer, the name the migrated code imports from the state module; rename it
    const style = await ctx.mcpReq.elicitInput({
      message: `Name style for a ${elicitAnswer}?`,
      requestedSchema: { type: 'object', properties: { style: { type: 'string' } }, required: ['style'] },
    });
    return { messages: [{ role: 'user', content: { type: 'text', text: `Suggest a ${String(style.content?.style)} name for a ${elicitAnswer}` } }] };
  },
);
