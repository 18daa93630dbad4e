// Handlers away from their registration: a delegating arrow to a private method that asks through
// a private method helper (which logs the answer), a pass-through error wrapper, and a base-class
// registrar (`this.tool(name, schema, this.method)`).
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Turns thrown errors into tool errors; logs every call. */
function withErrorHandling<A>(tool: string, handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
    const started = Date.now();
    try {
      const result = await handler(args, ctx);
      console.debug('tool call', tool, Date.now() - started);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${tool}: ${String(error)}` }] };
    }
  };
}

abstract class ToolGroup {
  constructor(protected readonly server: McpServer) {}

  protected tool<S extends z.ZodRawShape>(name: string, schema: z.ZodObject<S>, handler: Handler<z.infer<z.ZodObject<S>>>): void {
    this.server.registerTool(name, { inputSchema: schema as z.ZodObject<z.ZodRawShape> }, async (args, ctx) => {
      try {
        return await handler.call(this, args as z.infer<z.ZodObject<S>>, ctx);
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: String(error) }] };
      }
    });
  }
}

class ClusterTools extends ToolGroup {
  register(): void {
    this.server.registerTool(
      'delete-namespace',
      { inputSchema: z.object({ namespace: z.string() }) },
      async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx),
    );
    this.tool('drain-node', z.object({ node: z.string() }), this.drainNode);
  }

  private async deleteNamespace(namespace: string, ctx: ServerContext): Promise<CallToolResult> {
    const pods = await this.listPods(namespace);
    if (!(await this.confirm(ctx, `Delete ${namespace} with ${pods} pods?`))) {
      return { content: [{ type: 'text', text: 'Cancelled' }] };
    }
    effects.push(`delete:${namespace}`);
    return { content: [{ type: 'text', text: `Deleted ${namespace} (${pods} pods)` }] };
  }

  private async drainNode({ node }: { node: string }, ctx: ServerContext): Promise<CallToolResult> {
    effects.push(`cordon:${node}`);
    const ok = await this.confirm(ctx, `Evict the pods of ${node}?`);
    if (!ok) return { content: [{ type: 'text', text: `${node} cordoned only` }] };
    effects.push(`evict:${node}`);
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  private async listPods(namespace: string): Promise<number> {
    effects.push(`list:${namespace}`);
    return namespace.length;
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    effects.push(`answered:${answer.action}`);
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'cluster', version: '1.0.0' });
  new ClusterTools(server).register();
  server.registerTool(
    'book-meeting',
    { inputSchema: z.object({ title: z.string() }) },
    withErrorHandling<{ title: string }>('book-meeting', async ({ title }, ctx) => {
      effects.push(`hold:${title}`);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Book "${title}"?`,
        requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
      });
      if (answer.action !== 'accept' || answer.content?.book !== true) {
        effects.push(`release:${title}`);
        return { content: [{ type: 'text', text: 'Hold released' }] };
      }
      effects.push(`book:${title}`);
      return { content: [{ type: 'text', text: `Booked "${title}"` }] };
    }),
  );
  return server;
}
