import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { effects } from './effects.js';

export abstract class BaseTool<Shape extends z.ZodRawShape> {
  abstract readonly name: string;
  abstract readonly schema: z.ZodObject<Shape>;
  protected server!: McpServer;

  register(server: McpServer): void {
    this.server = server;
    server.registerTool(this.name, { inputSchema: this.schema }, (args, extra) => this.run(args, extra));
  }

  /** Every call: errors become tool errors, finished calls are counted. */
  protected async run(args: z.infer<z.ZodObject<Shape>>, extra: ServerContext): Promise<CallToolResult> {
    try {
      const result = await this.execute(args);
      effects.push(`done:${this.name}`);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${this.name} failed: ${String(error)} (${typeof extra})` }] };
    }
  }

  protected abstract execute(input: z.infer<z.ZodObject<Shape>>): Promise<CallToolResult>;
}
