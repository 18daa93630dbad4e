import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), whose question was lifted into the handlers migrated so far (they use confirmParams() instead); confirm() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

/** The request confirm() asks with (its code before the question). */
function confirmParams(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirm(ctx, `Remove ${employee}?`);
}

/** The request confirmRemoval() asks with (its code before the question). */
function confirmRemovalParams(employee: string): ElicitRequestFormParams {
  return confirmParams(`Remove ${employee}?`);
}

/** What confirmRemoval() does with the answer (its code after the question). */
function confirmRemovalOutcome(answer: ElicitResult): boolean {
  return confirmOutcome(answer);
}

async function lookupName(id: string): Promise<string> {
  return `employee-${id}`;
}

type RemoveEmployeeState = { step: 'confirm_removal' };
server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<RemoveEmployeeState>(ctx, 'remove_employee', { employee });
    state ??= { step: 'confirm_removal' };
    const confirmRemovalRequest: ElicitRequestFormParams = confirmRemovalParams(employee);
    const confirmRemovalAnswer = elicitAnswer(ctx, 'confirm_removal', confirmRemovalRequest);
    if (confirmRemovalAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_removal: inputRequired.elicit(confirmRemovalRequest),
        },
        requestState: await mrtrState.mint(ctx, 'remove_employee', { employee }, state),
      });
    }
    if (!confirmRemovalOutcome(confirmRemovalAnswer)) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${employee}` }] };
  },
);

server.registerTool(
  'remove_by_id',
  { description: 'Remove an employee by id', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    // @mcp-mrtr-migrate push-in-helper: confirmRemoval() asks the client (ctx.mcpReq.elicitInput), and its argument `await lookupName(id)` here may have side effects, so it cannot be evaluated again on the retry
    if (!(await confirmRemoval(ctx, await lookupName(id)))) {
      return { content: [{ type: 'text', text: `${id} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${id}` }] };
  },
);
