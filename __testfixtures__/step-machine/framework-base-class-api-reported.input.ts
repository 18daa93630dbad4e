import type { McpServer, CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/server';

/** The base class users extend; the host injects the server before calling execute(). */
export abstract class BaseTool<Input> {
  abstract readonly name: string;
  protected server?: McpServer;

  attach(server: McpServer): void {
    this.server = server;
  }

  abstract execute(input: Input): Promise<string>;

  /** For subclasses: ask the client's model for a completion while execute() runs. */
  protected async sample(params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    if (!this.server) throw new Error(`${this.name}: not attached to a server`);
    return this.server.server.createMessage(params);
  }
}
