// A definition handler whose destructured dependencies were read, some of them, only by the question
// (the server it asked through, the timeout of its request options, dropped: the client answers on
// its own time): the elements nothing reads any more are left out of the pattern, the one still
// read stays, and the type stays as written.
import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'deploys', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Deps {
  server: McpServer;
  log: (line: string) => void;
  answerTimeoutMs: number;
}

const deps: Deps = { server, log: (line) => console.info(line), answerTimeoutMs: 60_000 };

type DeployState = { step: 'ok' };
const tools = [
  {
    name: 'deploy',
    schema: { service: z.string() },
    execute: async ({ service }: { service: string }, { log }: Deps, ctx: ServerContext) => {
      let state = await mrtrState.resume<DeployState>(ctx, 'deploy', { service });
      state ??= { step: 'ok' };
      const okRequest: ElicitRequestFormParams = {
        message: `Deploy ${service}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      };
      const answer = elicitAnswer(ctx, 'ok', okRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            ok: inputRequired.elicit(okRequest),
          },
          requestState: await mrtrState.mint(ctx, 'deploy', { service }, state),
        });
      }
      log(`deploy ${service}: ${answer.action}`);
      return { content: [{ type: 'text' as const, text: answer.action === 'accept' ? `${service} deploying` : `${service} not deployed` }] };
    },
  },
];

for (const tool of tools) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args, ctx) => tool.execute(args, deps, ctx));
}
