import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'deployer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const log: string[] = [];

async function planRelease(service: string): Promise<{ version: string; risky: boolean }> {
  log.push(`planned ${service}`);
  return { version: '1.2.3', risky: true };
}

type ReleaseState = { step: 'confirm'; plan: { version: string; risky: boolean } };
server.registerTool(
  'release',
  { description: 'Release a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    const resumed = await mrtrState.resume<ReleaseState>(ctx, 'release', { service });
    try {
      let plan: { version: string; risky: boolean };
      if (resumed === undefined) {
        plan = await planRelease(service);
      } else {
        ({ plan } = resumed);
      }
      if (plan.risky) {
        let state = resumed;
        state ??= { step: 'confirm', plan };
        const confirmRequest: ElicitRequestFormParams = {
          message: `Release ${plan.version} of ${service}? It is marked risky.`,
          requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
        };
        const confirm = elicitAnswer(ctx, 'confirm', confirmRequest);
        if (confirm === undefined) {
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit(confirmRequest),
            },
            requestState: await mrtrState.mint(ctx, 'release', { service }, state),
          });
        }
        if (confirm.action !== 'accept' || confirm.content?.go !== true) {
          return { content: [{ type: 'text', text: 'Release cancelled' }] };
        }
      }
      log.push(`released ${service}@${plan.version}`);
      return { content: [{ type: 'text', text: `Released ${plan.version}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
