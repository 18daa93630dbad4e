// A base class registers every tool; a subclass answers with the text of its result.
import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

abstract class TextTool {
  abstract readonly name: string;
  register(server: McpServer): void {
    server.registerTool(this.name, { inputSchema: z.object({ id: z.string() }) }, async (args, extra) => {
      const text = await this.execute(args, extra);
      if (isInputRequiredResult(text)) return text;
      return { content: [{ type: 'text', text }] };
    });
  }
  protected abstract execute(args: { id: string }, extra: ServerContext): Promise<string | InputRequiredResult>;
}

type DeleteUserToolState = { step: 'confirm' };
class DeleteUserTool extends TextTool {
  readonly name = 'delete_user';
  protected async execute(args: { id: string }, extra: ServerContext): Promise<string | InputRequiredResult> {
    let state = await mrtrState.resume<DeleteUserToolState>(extra, this.name, args);
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Delete user ${args.id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(extra, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(extra, this.name, args, state),
      });
    }
    return answer.action === 'accept' ? 'Deleted' : 'Kept';
  }
}

const server = new McpServer({ name: 'users', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
new DeleteUserTool().register(server);
