import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** What a tool written for this small framework gets besides its arguments. */
export interface ToolContext {
  ask(params: ElicitRequestFormParams): Promise<ElicitResult>;
}

export interface ToolDefinition {
  name: string;
  run(args: { target: string }, context: ToolContext): Promise<string>;
}

/** Registers the tools its users define; their run() may ask the user through context.ask. */
export class ToolHost {
  constructor(private readonly server: McpServer) {}

  add(tool: ToolDefinition): void {
    this.server.registerTool(tool.name, { inputSchema: z.object({ target: z.string() }) }, async (args) => {
      const text = await tool.run(args, {
        // @mcp-mrtr-migrate framework-asking-api: this.server.server.elicitInput implements `ask` of the object passed to tool.run(): an asking API that tool handler tool.name builds and hands to other code, so the code it runs asks the client while that request is handled. The question is asked there, not in the handler's own body: the handler cannot return inputRequired at it, so it is not migrated; on 2026-07-28 the question throws
        ask: (params) => this.server.server.elicitInput(params),
      });
      return { content: [{ type: 'text', text }] };
    });
  }
}
