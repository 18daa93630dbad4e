import { Server, inputRequired, type CreateMessageRequestParams, type CreateMessageResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { suggestTagsParams, suggestTagsOutcome, summariseParams, summariseOutcome } from './lib/sampling.js';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const SaveInput = z.object({
  title: z.string(),
  notes: z.array(z.object({ author: z.string(), text: z.string() })),
  summarise: z.boolean().optional(),
  tag: z.boolean().optional(),
});

export const saved: { title: string; summary?: string; tags?: string[] }[] = [];

export function createServer(): Server {
  const server = new Server({ name: 'notebook', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async () => ({
    tools: [{ name: 'save_notes', description: 'Save notes', inputSchema: { type: 'object' } }],
  }));

  type ToolsCallState =
    | { step: 'summarise'; input: { title: string; notes: { author: string; text: string }[]; summarise?: boolean | undefined; tag?: boolean | undefined }; record: { title: string; summary?: string; tags?: string[] } }
    | { step: 'suggest_tags'; input: { title: string; notes: { author: string; text: string }[]; summarise?: boolean | undefined; tag?: boolean | undefined }; record: { title: string; summary?: string; tags?: string[] } };
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const resumed = await mrtrState.resume<ToolsCallState>(ctx, request.params.name, request.params.arguments ?? {});
    const { name, arguments: args } = request.params;
    switch (name) {
      case 'save_notes': {
        let input: { title: string; notes: { author: string; text: string }[]; summarise?: boolean | undefined; tag?: boolean | undefined };
        let record: { title: string; summary?: string; tags?: string[] };
        if (resumed?.step !== 'suggest_tags') {
          if (resumed === undefined) {
            input = SaveInput.parse(args);
            record = { title: input.title };
          } else {
            ({ input, record } = resumed);
          }
          if (input.summarise) {
            try {
              let summariseState = resumed?.step === 'summarise' ? resumed : undefined;
              summariseState ??= { step: 'summarise', input, record };
              const summariseRequest: CreateMessageRequestParams = summariseParams(input.notes);
              const summariseAnswer = samplingAnswer(ctx, 'summarise') as CreateMessageResult | undefined;
              if (summariseAnswer === undefined) {
                return inputRequired({
                  inputRequests: {
                    summarise: inputRequired.createMessage(summariseRequest),
                  },
                  requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, summariseState),
                });
              }
              record.summary = summariseOutcome(summariseAnswer);
            } catch {
              // No model, or no summary: the notes are saved without one.
            }
          }
        } else {
          ({ input, record } = resumed);
        }
        if (input.tag) {
          try {
            let suggestTagsState = resumed?.step === 'suggest_tags' ? resumed : undefined;
            suggestTagsState ??= { step: 'suggest_tags', input, record };
            const suggestTagsRequest: CreateMessageRequestParams = suggestTagsParams(input.notes);
            const suggestTagsAnswer = samplingAnswer(ctx, 'suggest_tags') as CreateMessageResult | undefined;
            if (suggestTagsAnswer === undefined) {
              return inputRequired({
                inputRequests: {
                  suggest_tags: inputRequired.createMessage(suggestTagsRequest),
                },
                requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, suggestTagsState),
              });
            }
            record.tags = suggestTagsOutcome(suggestTagsAnswer);
          } catch {
            // Saved without tags.
          }
        }
        saved.push(record);
        return { content: [{ type: 'text', text: `Saved ${input.title}` }] };
      }
      default:
        throw new Error(`Unknown tool: ${name}`);
    }
  });

  return server;
}
