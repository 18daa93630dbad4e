import { McpServer, type CallToolResult, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'estimates', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const estimates = new Map<string, number>();

async function saveEstimate(issue: string, points: number): Promise<void> {
  if (points > 13) throw new Error(`${points} points is too many`);
  estimates.set(issue, points);
}

type EstimateState = { step: 'points' };
server.registerTool(
  'estimate',
  { description: 'Estimate an issue', inputSchema: z.object({ issue: z.string() }) },
  async ({ issue }, ctx): Promise<CallToolResult | InputRequiredResult> => {
    const resumed = await mrtrState.resume<EstimateState>(ctx, 'estimate', { issue });
    try {
      let state = resumed;
      state ??= { step: 'points' };
      const pointsRequest: ElicitRequestFormParams = {
        message: `Estimate for ${issue}?`,
        requestedSchema: { type: 'object', properties: { points: { type: 'number' } }, required: ['points'] },
      };
      const answer = elicitAnswer(ctx, 'points', pointsRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            points: inputRequired.elicit(pointsRequest),
          },
          requestState: await mrtrState.mint(ctx, 'estimate', { issue }, state),
        });
      }
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No estimate set' }] };
      await saveEstimate(issue, Number(answer.content?.points));
      return { content: [{ type: 'text', text: `${issue} estimated` }] };
    } catch (error: unknown) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
