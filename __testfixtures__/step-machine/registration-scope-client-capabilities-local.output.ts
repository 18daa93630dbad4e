import { McpServer, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

// The registration function reads the client's capabilities once, into a local of its own named
// like the state module's reader. The handler reads no capabilities itself, so the migrated code
// never calls that reader here and the local is no clash: the handler is migrated.
export function registerPickColour(server: McpServer): void {
  const clientCapabilities = server.server.getClientCapabilities() ?? {};
  const canAsk = clientCapabilities.elicitation !== undefined;
  if (!canAsk) return;
  type PickColourState = { step: 'colour' };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  server.registerTool(
    'pick-colour',
    { description: 'Ask the user for a colour', inputSchema: z.object({ item: z.string() }) },
    async ({ item }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      let state = await mrtrState.resume<PickColourState>(ctx, 'pick-colour', { item });
      state ??= { step: 'colour' };
      const colourRequest: ElicitRequestFormParams = {
        message: `Which colour for the ${item}?`,
        requestedSchema: { type: 'object', properties: { colour: { type: 'string', title: 'Colour' } }, required: ['colour'] },
      };
      const answer = elicitAnswer(ctx, 'colour', colourRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            colour: inputRequired.elicit(colourRequest),
          },
          requestState: await mrtrState.mint(ctx, 'pick-colour', { item }, state),
        });
      }
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No colour chosen' }] };
      return { content: [{ type: 'text', text: `The ${item} will be ${String(answer.content?.colour)}` }] };
    },
  );
}

// Here a function inside the registration function reads the capabilities: its migrated code would
// call clientCapabilities(ctx) where the local of that name is seen. Kept as it was, and reported.
export function registerPickSize(server: McpServer): void {
  const clientCapabilities = server.server.getClientCapabilities() ?? {};
  if (clientCapabilities.elicitation === undefined) return;
  server.registerTool(
    'pick-size',
    { description: 'Ask the user for a size', inputSchema: z.object({ item: z.string() }) },
    async ({ item }, ctx): Promise<CallToolResult> => {
      const formOk = server.server.getClientCapabilities()?.elicitation !== undefined;
      // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler pick-size left as it was: the code around this handler declares clientCapabilities, the name the migrated code imports from the state module; rename it
      const answer = await ctx.mcpReq.elicitInput({
        message: `Which size for the ${item}?${formOk ? '' : ' (plain text)'}`,
        requestedSchema: { type: 'object', properties: { size: { type: 'string', title: 'Size' } }, required: ['size'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No size chosen' }] };
      return { content: [{ type: 'text', text: `The ${item} will be ${String(answer.content?.size)}` }] };
    },
  );
}
