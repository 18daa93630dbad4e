import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmParams, confirmOutcome, confirmRemovalParams, confirmRemovalOutcome } from './lib/confirm.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

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

type ArchiveEmployeeState = { step: 'ok' };
server.registerTool(
  'archive_employee',
  { description: 'Archive an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<ArchiveEmployeeState>(ctx, 'archive_employee', { employee });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = confirmParams(`Archive ${employee}?`);
    const okAnswer = elicitAnswer(ctx, 'ok', okRequest);
    if (okAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'archive_employee', { employee }, state),
      });
    }
    const ok = confirmOutcome(okAnswer);
    return { content: [{ type: 'text', text: ok ? `Archived ${employee}` : `${employee} stays` }] };
  },
);
