import { Server, type CallToolResult, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

interface Issue {
  id: string;
  title: string;
}

export const calls: string[] = [];

async function fetchIssue(id: string): Promise<Issue> {
  calls.push(`GET ${id}`);
  return { id, title: `Issue ${id}` };
}

const server = new Server({ name: 'issues', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {} } });

type ToolsCallState =
  | { step: 'close'; issue: Issue }
  | { step: 'renamed'; issue: Issue };
server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult | InputRequiredResult> => {
  const resumed = await mrtrState.resume<ToolsCallState>(ctx, request.params.name, request.params.arguments ?? {});
  const args = (request.params.arguments ?? {}) as { id?: string };
  if (!args.id) return { isError: true, content: [{ type: 'text', text: 'id is required' }] };
  try {
    let issue: Issue;
    if (resumed === undefined) {
      issue = await fetchIssue(args.id);
    } else {
      ({ issue } = resumed);
    }
    switch (request.params.name) {
      case 'close_issue': {
        let closeState = resumed?.step === 'close' ? resumed : undefined;
        closeState ??= { step: 'close', issue };
        const closeRequest: ElicitRequestFormParams = {
          message: `Close ${issue.title}?`,
          requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
        };
        const answer = elicitAnswer(ctx, 'close', closeRequest);
        if (answer === undefined) {
          return inputRequired({
            inputRequests: {
              close: inputRequired.elicit(closeRequest),
            },
            requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, closeState),
          });
        }
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
        calls.push(`CLOSE ${issue.id}`);
        return { content: [{ type: 'text', text: `${issue.id} closed` }] };
      }
      case 'rename_issue': {
        let renamedState = resumed?.step === 'renamed' ? resumed : undefined;
        renamedState ??= { step: 'renamed', issue };
        const renamedRequest: ElicitRequestFormParams = {
          message: `New title for ${issue.title}?`,
          requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
        };
        const renamed = elicitAnswer(ctx, 'renamed', renamedRequest);
        if (renamed === undefined) {
          return inputRequired({
            inputRequests: {
              renamed: inputRequired.elicit(renamedRequest),
            },
            requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, renamedState),
          });
        }
        if (renamed.action !== 'accept') return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
        return { content: [{ type: 'text', text: `${issue.id} is now ${String(renamed.content?.title)}` }] };
      }
      default:
        return { content: [{ type: 'text', text: `${issue.id}: ${issue.title}` }] };
    }
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: String(error) }] };
  }
});
