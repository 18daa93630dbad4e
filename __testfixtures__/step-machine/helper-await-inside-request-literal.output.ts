import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const labelLookups: string[] = [];

async function listLabels(project: string): Promise<string[]> {
  labelLookups.push(project);
  return ['bug', 'feature', `${project}-triage`];
}

/** The request pickLabel() asks with (its code before the question). */
async function pickLabelParams(project: string): Promise<ElicitRequestFormParams> {
  return {
    message: `Label for the new issue in ${project}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string', enum: await listLabels(project) } }, required: ['label'] },
  };
}

/** What pickLabel() does with the answer (its code after the question). */
function pickLabelOutcome(reply: ElicitResult): string | undefined {
  return reply.action === 'accept' ? String(reply.content?.label) : undefined;
}

const server = new McpServer({ name: 'tracker', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type OpenIssueState = { step: 'label'; labelRequest: ElicitRequestFormParams };
server.registerTool(
  'open_issue',
  { description: 'Open an issue', inputSchema: z.object({ project: z.string(), title: z.string() }) },
  async ({ project, title }, ctx) => {
    let state = await mrtrState.resume<OpenIssueState>(ctx, 'open_issue', { project, title });
    if (state === undefined) {
      const labelRequest: ElicitRequestFormParams = await pickLabelParams(project);
      state = { step: 'label', labelRequest };
    }
    const { labelRequest } = state;
    const labelAnswer = elicitAnswer(ctx, 'label', labelRequest);
    if (labelAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          label: inputRequired.elicit(labelRequest),
        },
        requestState: await mrtrState.mint(ctx, 'open_issue', { project, title }, state),
      });
    }
    const label = pickLabelOutcome(labelAnswer);
    if (!label) return { content: [{ type: 'text', text: 'No issue opened' }] };
    return { content: [{ type: 'text', text: `Opened "${title}" in ${project} as ${label}` }] };
  },
);
