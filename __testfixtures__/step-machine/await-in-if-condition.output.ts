import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'cache', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const cleared: string[] = [];

type ClearCacheState = { step: 'ok' };
server.registerTool(
  'clear-cache',
  { description: 'Clear a cache namespace', inputSchema: z.object({ namespace: z.string() }) },
  async ({ namespace }, ctx) => {
    let state = await mrtrState.resume<ClearCacheState>(ctx, 'clear-cache', { namespace });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = {
      message: `Clear every entry in ${namespace}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const okAnswer = elicitAnswer(ctx, 'ok', okRequest);
    if (okAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'clear-cache', { namespace }, state),
      });
    }
    if (okAnswer.action === 'accept') {
      cleared.push(namespace);
      return { content: [{ type: 'text', text: `Cleared ${namespace}` }] };
    }
    return { content: [{ type: 'text', text: `Left ${namespace} alone` }] };
  },
);
