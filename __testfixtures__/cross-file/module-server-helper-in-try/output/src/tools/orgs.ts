import { type McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askToProceedParams, askToProceedOutcome } from '../lib/questions.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

export const lookups: string[] = [];
export const loggedOut: string[] = [];

async function resolveOrg(alias: string): Promise<string> {
  lookups.push(alias);
  return `${alias}.example.org`;
}

export function registerOrgTools(server: McpServer): void {
  type LogoutState = { step: 'verdict'; host: string; verdictRequest: ReturnType<typeof askToProceedParams> };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  server.registerTool(
    'logout',
    { description: 'Log out of an org', inputSchema: z.object({ org: z.string() }) },
    async ({ org }, ctx) => {
      let state = await mrtrState.resume<LogoutState>(ctx, 'logout', { org });
      if (state === undefined) {
        // Looked up once per call: the retry restores it instead of asking the registry again.
        const host = await resolveOrg(org);
        const verdictRequest = askToProceedParams(ctx, `Log out of ${host}?`);
        state = { step: 'verdict', host, verdictRequest };
      }
      const { host, verdictRequest } = state;
      const verdictAnswer = 'ask' in verdictRequest ? elicitAnswer(ctx, 'verdict', verdictRequest.ask) : undefined;
      if ('ask' in verdictRequest && verdictAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            verdict: inputRequired.elicit(verdictRequest.ask),
          },
          requestState: await mrtrState.mint(ctx, 'logout', { org }, state),
        });
      }
      const verdict = 'done' in verdictRequest ? verdictRequest.done : askToProceedOutcome(verdictAnswer!);
      if (!verdict.proceed) {
        return { content: [{ type: 'text', text: `Still logged in to ${host}` }] };
      }
      loggedOut.push(host);
      return { content: [{ type: 'text', text: `Logged out of ${host}` }] };
    },
  );
}
