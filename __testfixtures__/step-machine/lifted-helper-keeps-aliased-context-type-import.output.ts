// A helper whose request parameter is typed through the context's local name (`ServerContext as
// Ctx`, an import of its own): its Params companion copies that type, so `Ctx` stays imported as it
// is, and is not added to the other SDK import under a name the SDK does not export.
import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import type { ServerContext as Ctx } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request sample() asks with (its code before the question). */
function sampleParams(request: Parameters<Ctx['mcpReq']['requestSampling']>[0]): CreateMessageRequestParams {
  return request;
}

type SaveNoteState = { step: 'titled' };
server.registerTool(
  'save_note',
  { inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    let state = await mrtrState.resume<SaveNoteState>(ctx, 'save_note', { body });
    state ??= { step: 'titled' };
    const titledRequest: CreateMessageRequestParams = sampleParams({
      messages: [{ role: 'user', content: { type: 'text', text: `A title for: ${body}` } }],
      maxTokens: 30,
    });
    const titled = samplingAnswer(ctx, 'titled');
    if (titled === undefined) {
      return inputRequired({
        inputRequests: {
          titled: inputRequired.createMessage(titledRequest),
        },
        requestState: await mrtrState.mint(ctx, 'save_note', { body }, state),
      });
    }
    const title = `by ${titled.model}`;
    return { content: [{ type: 'text', text: `saved "${title}"` }] };
  },
);
