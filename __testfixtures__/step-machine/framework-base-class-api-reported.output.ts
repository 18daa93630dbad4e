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
    // @mcp-mrtr-migrate framework-asking-api: this.server.server.createMessage in BaseTool.sample() implements the protected method sample() that the base class BaseTool offers its subclasses: an asking API handed to other code, so whoever calls it asks the client. There is no handler here that could return inputRequired for that code, so it is not migrated; on 2026-07-28 the question throws
    return this.server.server.createMessage(params);
  }
}
