import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'deploys', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const FROZEN = new Set(['payments']);

/** The request approveDeploy() asks with, or its result when it returns without asking (its code before the question). */
function approveDeployParams(service: string, environment: string, replicas: number): { ask: ElicitRequestFormParams } | { done: 'yes' | 'no' | 'frozen' } {
  if (FROZEN.has(service)) return { done: 'frozen' };
  if (environment !== 'production') {
    if (replicas < 10) return { done: 'yes' };
  }
  return { ask: {
    message: `Deploy ${service} to ${environment} with ${replicas} replicas?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  } };
}

/** What approveDeploy() does with the answer (its code after the question). */
function approveDeployOutcome(answer: ElicitResult): 'yes' | 'no' | 'frozen' {
  return answer.action === 'accept' && answer.content?.approve === true ? 'yes' : 'no';
}

type DeployState = { step: 'approval' };
server.registerTool(
  'deploy',
  { description: 'Deploy a service', inputSchema: z.object({ service: z.string(), environment: z.string(), replicas: z.number() }) },
  async ({ service, environment, replicas }, ctx) => {
    let state = await mrtrState.resume<DeployState>(ctx, 'deploy', { service, environment, replicas });
    state ??= { step: 'approval' };
    const approvalRequest = approveDeployParams(service, environment, replicas);
    const approvalAnswer = 'ask' in approvalRequest ? elicitAnswer(ctx, 'approval', approvalRequest.ask) : undefined;
    if ('ask' in approvalRequest && approvalAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          approval: inputRequired.elicit(approvalRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'deploy', { service, environment, replicas }, state),
      });
    }
    const approval = 'done' in approvalRequest ? approvalRequest.done : approveDeployOutcome(approvalAnswer!);
    if (approval === 'frozen') return { content: [{ type: 'text', text: `${service} is frozen` }] };
    if (approval === 'no') return { content: [{ type: 'text', text: 'Deploy cancelled' }] };
    return { content: [{ type: 'text', text: `Deployed ${service} to ${environment}` }] };
  },
);
