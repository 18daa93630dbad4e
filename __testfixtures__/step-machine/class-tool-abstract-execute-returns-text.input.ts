// A base class registers every tool; a subclass answers with the text of its result.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

abstract class TextTool {
  abstract readonly name: string;
  register(server: McpServer): void {
    server.registerTool(this.name, { inputSchema: z.object({ id: z.string() }) }, async (args, extra) => {
      const text = await this.execute(args, extra);
      return { content: [{ type: 'text', text }] };
    });
  }
  protected abstract execute(args: { id: string }, extra: ServerContext): Promise<string>;
}

class DeleteUserTool extends TextTool {
  readonly name = 'delete_user';
  protected async execute(args: { id: string }, extra: ServerContext): Promise<string> {
    const answer = await extra.mcpReq.elicitInput({
      message: `Delete user ${args.id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' ? 'Deleted' : 'Kept';
  }
}

const server = new McpServer({ name: 'users', version: '1.0.0' });
new DeleteUserTool().register(server);
