import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'dns', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const DeleteRecordInput = z.object({ zone: z.string(), record: z.string() });

type DeleteRecordState = { step: 'confirm' };
async function deleteRecord({ zone, record }: z.infer<typeof DeleteRecordInput>, ctx: ServerContext) {
  let state = await mrtrState.resume<DeleteRecordState>(ctx, 'delete-record', { zone, record });
  state ??= { step: 'confirm' };
  const confirmRequest: ElicitRequestFormParams = {
    message: `Delete ${record}.${zone}?`,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  };
  const confirm = elicitAnswer(ctx, 'confirm', confirmRequest);
  if (confirm === undefined) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit(confirmRequest),
      },
      requestState: await mrtrState.mint(ctx, 'delete-record', { zone, record }, state),
    });
  }
  if (confirm.action !== 'accept' || confirm.content?.yes !== true) {
    return { content: [{ type: 'text' as const, text: 'Record kept' }] };
  }
  return { content: [{ type: 'text' as const, text: `Deleted ${record}.${zone}` }] };
}

server.registerTool('delete-record', { description: 'Delete a DNS record', inputSchema: DeleteRecordInput }, deleteRecord);
