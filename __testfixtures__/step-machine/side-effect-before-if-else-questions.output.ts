import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const audit: string[] = [];

async function loadAccount(id: string): Promise<{ id: string; business: boolean }> {
  audit.push(`loaded ${id}`);
  return { id, business: id.startsWith('b-') };
}

type VerifyAccountState =
  | { step: 'registry'; account: { id: string; business: boolean } }
  | { step: 'document'; account: { id: string; business: boolean } };
server.registerTool(
  'verify-account',
  { description: 'Verify an account', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const resumed = await mrtrState.resume<VerifyAccountState>(ctx, 'verify-account', { id });
    let account: { id: string; business: boolean };
    let proof: string;
    if (resumed === undefined) {
      account = await loadAccount(id);
    } else {
      ({ account } = resumed);
    }
    if (account.business) {
      let registryState = resumed?.step === 'registry' ? resumed : undefined;
      registryState ??= { step: 'registry', account };
      const registryRequest: ElicitRequestFormParams = {
        message: 'Company registry number?',
        requestedSchema: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
      };
      const registry = elicitAnswer(ctx, 'registry', registryRequest);
      if (registry === undefined) {
        return inputRequired({
          inputRequests: {
            registry: inputRequired.elicit(registryRequest),
          },
          requestState: await mrtrState.mint(ctx, 'verify-account', { id }, registryState),
        });
      }
      proof = registry.action === 'accept' ? `registry ${String(registry.content?.number)}` : 'none';
    } else {
      let documentState = resumed?.step === 'document' ? resumed : undefined;
      documentState ??= { step: 'document', account };
      const documentRequest: ElicitRequestFormParams = {
        message: 'Passport number?',
        requestedSchema: { type: 'object', properties: { passport: { type: 'string' } }, required: ['passport'] },
      };
      const document = elicitAnswer(ctx, 'document', documentRequest);
      if (document === undefined) {
        return inputRequired({
          inputRequests: {
            document: inputRequired.elicit(documentRequest),
          },
          requestState: await mrtrState.mint(ctx, 'verify-account', { id }, documentState),
        });
      }
      proof = document.action === 'accept' ? `passport ${String(document.content?.passport)}` : 'none';
    }
    audit.push(`verified ${account.id} with ${proof}`);
    return { content: [{ type: 'text', text: `Verified ${account.id} (${proof})` }] };
  },
);
