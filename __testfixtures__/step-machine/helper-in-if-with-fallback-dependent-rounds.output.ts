import { McpServer, Server, type CallToolResult, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

// The server the questions go through, set once at start-up (tool callbacks never see it).
let wired: Server | undefined;

export function wireQuestions(server: Server): void {
  wired = server;
}

function formQuestionsAvailable(): boolean {
  const elicitation = wired?.getClientCapabilities()?.elicitation;
  return elicitation !== undefined;
}

type Pick = { picked: true; value: string } | { picked: false; result: CallToolResult };

/** The request pickOne() asks with, or its result when it returns without asking (its code before the question). */
function pickOneParams(question: string, options: string[]): { ask: ElicitRequestFormParams } | { done: Pick } {
  if (formQuestionsAvailable() && wired) {
    try {
      return { ask: {
        mode: 'form',
        message: question,
        requestedSchema: { type: 'object', properties: { choice: { type: 'string', enum: options } }, required: ['choice'] },
      } };
    } catch {
      // The client could not show the form: ask in the tool result instead.
    }
  }
  return { done: { picked: false, result: { content: [{ type: 'text', text: `${question} Call again with one of: ${options.join(', ')}` }] } } };
}

/** What pickOne() does with the answer (its code after the question). */
function pickOneOutcome(question: string, options: string[], res: ElicitResult): Pick {
  try {
    const choice = res.content?.choice;
    if (res.action === 'accept' && typeof choice === 'string' && options.includes(choice)) {
      return { picked: true, value: choice };
    }
    return { picked: false, result: { content: [{ type: 'text', text: 'Nothing picked, nothing changed' }] } };
  } catch {
    // The client could not show the form: ask in the tool result instead.
  }
  return { picked: false, result: { content: [{ type: 'text', text: `${question} Call again with one of: ${options.join(', ')}` }] } };
}

const REGIONS: Record<string, string[]> = { staging: ['eu-1'], production: ['eu-1', 'us-1', 'ap-1'] };

export const deployed: string[] = [];

const server = new McpServer({ name: 'deployer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
wireQuestions(server.server);

type DeployState =
  | { step: 'environment'; environmentRequest: ReturnType<typeof pickOneParams> }
  | { step: 'region'; environment: { picked: true; value: string }; regionRequest: ReturnType<typeof pickOneParams> };
server.registerTool(
  'deploy',
  { description: 'Deploy the service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    let state = await mrtrState.resume<DeployState>(ctx, 'deploy', { service });
    if (state === undefined) {
      const environmentRequest = pickOneParams(`Deploy ${service} to which environment?`, Object.keys(REGIONS));
      state = { step: 'environment', environmentRequest };
    }
    if (state.step === 'environment') {
      const { environmentRequest } = state;
      const environmentAnswer = 'ask' in environmentRequest ? elicitAnswer(ctx, 'environment', environmentRequest.ask) : undefined;
      if ('ask' in environmentRequest && environmentAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            environment: inputRequired.elicit(environmentRequest.ask),
          },
          requestState: await mrtrState.mint(ctx, 'deploy', { service }, state),
        });
      }
      const environment = 'done' in environmentRequest ? environmentRequest.done : pickOneOutcome(`Deploy ${service} to which environment?`, Object.keys(REGIONS), environmentAnswer!);
      if (!environment.picked) return environment.result;
      const regionRequest = pickOneParams(`Which region of ${environment.value}?`, REGIONS[environment.value] ?? []);
      state = { step: 'region', environment, regionRequest };
    }
    const { environment, regionRequest } = state;
    const regionAnswer = 'ask' in regionRequest ? elicitAnswer(ctx, 'region', regionRequest.ask) : undefined;
    if ('ask' in regionRequest && regionAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          region: inputRequired.elicit(regionRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'deploy', { service }, state),
      });
    }
    const region = 'done' in regionRequest ? regionRequest.done : pickOneOutcome(`Which region of ${environment.value}?`, REGIONS[environment.value] ?? [], regionAnswer!);
    if (!region.picked) return region.result;
    deployed.push(`${service}@${environment.value}/${region.value}`);
    return { content: [{ type: 'text', text: `Deployed ${service} to ${environment.value}/${region.value}` }] };
  },
);
