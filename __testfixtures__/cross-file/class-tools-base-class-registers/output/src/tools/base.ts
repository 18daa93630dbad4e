import { type CallToolResult, type McpServer, type ServerContext, isInputRequiredResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** Every tool of this server is a class: the base registers it and runs every call. */
export abstract class BaseTool<Shape extends z.ZodRawShape> {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract readonly schema: z.ZodObject<Shape>;
  protected server!: McpServer;

  register(server: McpServer): void {
    this.server = server;
    server.registerTool(this.name, { description: this.description, inputSchema: this.schema }, (args, extra) => this.run(args, extra));
  }

  protected async run(args: z.infer<z.ZodObject<Shape>>, extra: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    const started = Date.now();
    try {
      const result = await this.execute(args, extra);
      if (isInputRequiredResult(result)) return result;
      console.error(`${this.name} took ${Date.now() - started} ms (request ${String(extra.mcpReq.id)})`);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${this.name} failed: ${String(error)}` }] };
    }
  }

  protected abstract execute(input: z.infer<z.ZodObject<Shape>>, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult>;
}
