import type { ToolDefinition } from '../registry.js';
import { inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

type WipeDiskState = { step: 'wipe' };
export const wipeTool: ToolDefinition = {
  name: 'wipe_disk',
  async run(args, extra) {
    let state = await mrtrState.resume<WipeDiskState>(extra, 'wipe_disk', args);
    state ??= { step: 'wipe' };
    const wipeRequest: ElicitRequestFormParams = {
      message: `Wipe ${args.disk}?`,
      requestedSchema: { type: 'object', properties: { wipe: { type: 'boolean' } }, required: ['wipe'] },
    };
    const answer = elicitAnswer(extra, 'wipe', wipeRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          wipe: inputRequired.elicit(wipeRequest),
        },
        requestState: await mrtrState.mint(extra, 'wipe_disk', args, state),
      });
    }
    return answer.action === 'accept' ? 'Wiped' : 'Kept';
  },
};
