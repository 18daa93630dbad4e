// The second question's arguments read the first answer, and nothing after the second question
// does: the request built from them travels in the state, the first answer does not travel again.
import { McpServer, Server, type CallToolResult, inputRequired, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

let wired: Server | undefined;

export function wire(server: Server): void {
  wired = server;
}

type Choice = { picked: true; value: string } | { picked: false; result: CallToolResult };

/** The request choose() asks with, or its result when it returns without asking (its code before the question). */
function chooseParams(ctx: ServerContext, question: string, options: string[]): { ask: ElicitRequestFormParams } | { done: Choice } {
  if ((clientCapabilities(ctx) ?? wired?.getClientCapabilities())?.elicitation) {
    return { ask: {
      mode: 'form',
      message: question,
      requestedSchema: { type: 'object', properties: { value: { type: 'string', enum: options } }, required: ['value'] },
    } };
  }
  return { done: { picked: false, result: { content: [{ type: 'text', text: 'Nothing chosen.' }], isError: true } } };
}

/** What choose() does with the answer (its code after the question). */
function chooseOutcome(answer: ElicitResult): Choice {
  if (answer.action === 'accept' && typeof answer.content?.value === 'string') return { picked: true, value: answer.content.value };
  return { picked: false, result: { content: [{ type: 'text', text: 'Nothing chosen.' }], isError: true } };
}

const ZONES: Record<string, string[]> = { eu: ['eu-west-1', 'eu-central-1'], us: ['us-east-1'] };

const server = new McpServer({ name: 'placement', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PlaceState =
  | { step: 'region'; regionRequest: ReturnType<typeof chooseParams> }
  | { step: 'zone'; zoneRequest: ReturnType<typeof chooseParams> };
server.registerTool(
  'place',
  { description: 'Place a workload', inputSchema: z.object({ workload: z.string() }) },
  async ({ workload }, ctx) => {
    let state = await mrtrState.resume<PlaceState>(ctx, 'place', { workload });
    if (state === undefined) {
      const regionRequest = chooseParams(ctx, `Which region for ${workload}?`, Object.keys(ZONES));
      state = { step: 'region', regionRequest };
    }
    if (state.step === 'region') {
      const { regionRequest } = state;
      const regionAnswer = 'ask' in regionRequest ? elicitAnswer(ctx, 'region', regionRequest.ask) : undefined;
      if ('ask' in regionRequest && regionAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            region: inputRequired.elicit(regionRequest.ask),
          },
          requestState: await mrtrState.mint(ctx, 'place', { workload }, state),
        });
      }
      const region = 'done' in regionRequest ? regionRequest.done : chooseOutcome(regionAnswer!);
      if (!region.picked) return region.result;
      const zoneRequest = chooseParams(ctx, `Which zone of ${region.value}?`, ZONES[region.value] ?? []);
      state = { step: 'zone', zoneRequest };
    }
    const { zoneRequest } = state;
    const zoneAnswer = 'ask' in zoneRequest ? elicitAnswer(ctx, 'zone', zoneRequest.ask) : undefined;
    if ('ask' in zoneRequest && zoneAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          zone: inputRequired.elicit(zoneRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'place', { workload }, state),
      });
    }
    const zone = 'done' in zoneRequest ? zoneRequest.done : chooseOutcome(zoneAnswer!);
    if (!zone.picked) return zone.result;
    return { content: [{ type: 'text', text: `${workload} placed in ${zone.value}.` }] };
  },
);
