import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { JobsApi } from '../api.js';

export function createListJobsTool(api: JobsApi) {
  return {
    name: 'list_jobs',
    description: 'List the scheduled jobs',
    schema: {},
    handler: async () => ({ jobs: await api.list() }),
  };
}

export function createCancelJobTool(api: JobsApi, server: McpServer) {
  return {
    name: 'cancel_job',
    description: 'Cancel a scheduled job',
    schema: { job: z.string().describe('The job id') },
    handler: async (args: { job: string }) => {
      const { job } = args;
      let answer;
      try {
        answer = await server.server.elicitInput({
          message: `Cancel job ${job}? Its pending runs are dropped.`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        });
      } catch (error) {
        throw new Error(`Cannot confirm the cancellation of ${job}: ${String(error)}`);
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return { cancelled: false, job };
      await api.cancel(job);
      return { cancelled: true, job };
    },
  };
}
