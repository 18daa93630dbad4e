import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'addresses', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function lookupState(zip: string): Promise<string> {
  return zip.startsWith('9') ? 'CA' : 'NY';
}

type VerifyAddressState = { step: 'ok'; state: string };
server.registerTool(
  'verify-address',
  { description: 'Verify a postal address', inputSchema: z.object({ zip: z.string() }) },
  async ({ zip }, ctx) => {
    let stepState = await mrtrState.resume<VerifyAddressState>(ctx, 'verify-address', { zip });
    if (stepState === undefined) {
      const state = await lookupState(zip);
      stepState = { step: 'ok', state };
    }
    const { state } = stepState;
    const okRequest: ElicitRequestFormParams = {
      message: `Is ${zip} in ${state}?`,
      requestedSchema: { type: 'object', properties: { correct: { type: 'boolean' } }, required: ['correct'] },
    };
    const ok = elicitAnswer(ctx, 'ok', okRequest);
    if (ok === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'verify-address', { zip }, stepState),
      });
    }
    const verified = ok.action === 'accept' && ok.content?.correct === true;
    return { content: [{ type: 'text', text: verified ? `${zip}, ${state}: verified` : `${zip}: please check` }] };
  },
);
