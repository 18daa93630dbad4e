import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { JobsApi } from '../api.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

export function createListJobsTool(api: JobsApi) {
  return {
    name: 'list_jobs',
    description: 'List the scheduled jobs',
    schema: {},
    handler: async () => ({ jobs: await api.list() }),
  };
}

export function createCancelJobTool(api: JobsApi, _server: McpServer) {
  type CancelJobState = { step: 'confirm' };
  return {
    name: 'cancel_job',
    description: 'Cancel a scheduled job',
    schema: { job: z.string().describe('The job id') },
    handler: async (args: { job: string }, ctx: ServerContext) => {
      const resumed = await mrtrState.resume<CancelJobState>(ctx, 'cancel_job', args);
      const { job } = args;
      let answer;
      try {
        let state = resumed;
        state ??= { step: 'confirm' };
        const confirmRequest: ElicitRequestFormParams = {
          message: `Cancel job ${job}? Its pending runs are dropped.`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        };
        const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
        if (confirmAnswer === undefined) {
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit(confirmRequest),
            },
            requestState: await mrtrState.mint(ctx, 'cancel_job', args, state),
          });
        }
        answer = confirmAnswer;
      } catch (error) {
        throw new Error(`Cannot confirm the cancellation of ${job}: ${String(error)}`);
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return { cancelled: false, job };
      await api.cancel(job);
      return { cancelled: true, job };
    },
  };
}
