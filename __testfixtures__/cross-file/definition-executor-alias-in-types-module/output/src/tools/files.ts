import type { ToolDefinition } from './types.js';
import { inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

type DeleteFileState = { step: 'confirm' };
export const deleteFileTool: ToolDefinition = {
  name: 'delete_file',
  description: 'Delete a file',
  execute: async (args, extra) => {
    const path = String(args.path ?? '');
    let state = await mrtrState.resume<DeleteFileState>(extra, 'delete_file', args);
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Delete ${path}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(extra, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(extra, 'delete_file', args, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return `${path} kept`;
    return `${path} deleted`;
  },
};

export const statFileTool: ToolDefinition = {
  name: 'stat_file',
  description: 'Size of a file',
  execute: async (args) => `${String(args.path)}: 12 bytes`,
};
