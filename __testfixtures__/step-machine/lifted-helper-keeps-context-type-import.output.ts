import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ServerContext as AskingContext } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'profiles', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askFullName() asks with (its code before the question). */
function askFullNameParams(): ElicitRequestFormParams {
  return {
    message: 'First name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  };
}

/** What askFullName() does with the answer (its code after the question). */
async function askFullNameOutcome(ctx: ServerContext, first: ElicitResult): Promise<string> {
  const last = await askAnything(ctx, {
    message: 'Last name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  });
  return `${String(first.content?.name)} ${String(last.content?.name)}`;
}

type CreateProfileState = { step: 'name' };
server.registerTool(
  'create_profile',
  { inputSchema: z.object({}) },
  async (_args, ctx) => {
    let state = await mrtrState.resume<CreateProfileState>(ctx, 'create_profile', _args);
    state ??= { step: 'name' };
    const nameRequest: ElicitRequestFormParams = askFullNameParams();
    const nameAnswer = elicitAnswer(ctx, 'name', nameRequest);
    if (nameAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit(nameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'create_profile', _args, state),
      });
    }
    const name = await askFullNameOutcome(ctx, nameAnswer);
    return { content: [{ type: 'text', text: name }] };
  },
);

async function askAnything(c: AskingContext, question: Parameters<AskingContext['mcpReq']['elicitInput']>[0]) {
  // @mcp-mrtr-migrate push-in-helper: c.mcpReq.elicitInput is made in helper askAnything(), called by tool handler create_profile (through askFullNameOutcome()); it is not lifted into that handler because its request is not written out and its type also allows a URL-mode question, so whether to return a form or a URL input request cannot be told
  return c.mcpReq.elicitInput(question);
}
