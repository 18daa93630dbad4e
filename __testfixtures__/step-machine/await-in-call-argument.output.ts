import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'labels', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

function describeChoice(result: { action: string; content?: Record<string, unknown> }): string {
  return result.action === 'accept' ? `label ${String(result.content?.label)}` : 'no label';
}

type LabelIssueState = { step: 'label' };
server.registerTool(
  'label-issue',
  { description: 'Label an issue', inputSchema: z.object({ issue: z.number() }) },
  async ({ issue }, ctx) => {
    let state = await mrtrState.resume<LabelIssueState>(ctx, 'label-issue', { issue });
    state ??= { step: 'label' };
    const labelRequest: ElicitRequestFormParams = {
      message: `Label for issue #${issue}?`,
      requestedSchema: { type: 'object', properties: { label: { type: 'string', enum: ['bug', 'feature'] } }, required: ['label'] },
    };
    const labelAnswer = elicitAnswer(ctx, 'label', labelRequest);
    if (labelAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          label: inputRequired.elicit(labelRequest),
        },
        requestState: await mrtrState.mint(ctx, 'label-issue', { issue }, state),
      });
    }
    const summary = describeChoice(
      labelAnswer,
    );
    return { content: [{ type: 'text', text: `Issue #${issue}: ${summary}` }] };
  },
);
