import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmParams, confirmOutcome } from './lib/confirm.js';
import { confirmRemoval } from './lib/removal.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    // @mcp-mrtr-migrate push-in-helper: confirmRemoval() in ./lib/removal.js asks through confirm() (ctx.mcpReq.elicitInput), which it imports from ./confirm.js: a chain of helpers across several modules is not lifted
    if (!(await confirmRemoval(ctx, employee))) {
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

export { server };
