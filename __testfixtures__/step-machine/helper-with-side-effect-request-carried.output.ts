import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets2', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const opened: string[] = [];

/** The request openAndAskSeverity() asks with (its code before the question). */
function openAndAskSeverityParams(title: string): ElicitRequestFormParams {
  opened.push(title);
  return {
    message: `Ticket "${title}" opened. Severity?`,
    requestedSchema: { type: 'object', properties: { severity: { type: 'string', enum: ['low', 'high'] } }, required: ['severity'] },
  };
}

/** What openAndAskSeverity() does with the answer (its code after the question). */
function openAndAskSeverityOutcome(answer: ElicitResult): string {
  return answer.action === 'accept' ? String(answer.content?.severity) : 'low';
}

type OpenTicketState = { step: 'severity'; severityRequest: ElicitRequestFormParams };
server.registerTool(
  'open-ticket',
  { description: 'Open a ticket and ask for its severity', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    let state = await mrtrState.resume<OpenTicketState>(ctx, 'open-ticket', { title });
    if (state === undefined) {
      const severityRequest: ElicitRequestFormParams = openAndAskSeverityParams(title);
      state = { step: 'severity', severityRequest };
    }
    const { severityRequest } = state;
    const severityAnswer = elicitAnswer(ctx, 'severity', severityRequest);
    if (severityAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          severity: inputRequired.elicit(severityRequest),
        },
        requestState: await mrtrState.mint(ctx, 'open-ticket', { title }, state),
      });
    }
    const severity = openAndAskSeverityOutcome(severityAnswer);
    return { content: [{ type: 'text', text: `${title}: ${severity}` }] };
  },
);
