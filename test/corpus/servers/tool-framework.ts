// A small in-house tool framework: every tool is a class; the base class wraps the MCP context
// so tools can ask the user (`this.elicit`) or the client model (`this.sample`) directly.
import { McpServer, type CallToolResult, type ElicitRequestFormParams, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage, type Logger } from './lib/log.js';

type FieldSchema = { type: 'string' | 'boolean' | 'number'; title?: string; enum?: string[] };

export abstract class McpTool<Shape extends z.ZodRawShape> {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract readonly input: z.ZodObject<Shape>;

  protected ctx!: ServerContext;
  protected log: Logger = createLogger('tool');

  async run(args: z.infer<z.ZodObject<Shape>>, ctx: ServerContext): Promise<CallToolResult> {
    this.ctx = ctx;
    this.log = createLogger(`tool:${this.name}`);
    const started = Date.now();
    try {
      const text = await this.execute(args);
      this.log.info('done', { ms: Date.now() - started });
      return { content: [{ type: 'text', text }] };
    } catch (error) {
      this.log.error('failed', { error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `${this.name} failed: ${errorMessage(error)}` }] };
    }
  }

  protected abstract execute(args: z.infer<z.ZodObject<Shape>>): Promise<string>;

  /** Ask the user for a few fields; undefined when they decline or cancel. */
  protected async elicit<K extends string>(message: string, fields: Record<K, FieldSchema>): Promise<Record<K, unknown> | undefined> {
    const result = await this.ctx.mcpReq.elicitInput({
      message,
      requestedSchema: {
        type: 'object',
        properties: fields as ElicitRequestFormParams['requestedSchema']['properties'],
        required: Object.keys(fields),
      },
    });
    return result.action === 'accept' ? (result.content as Record<K, unknown>) : undefined;
  }

  /** One-shot completion from the client's model. */
  protected async sample(prompt: string, maxTokens = 400): Promise<string> {
    const result = await this.ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens,
    });
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    return block?.type === 'text' ? block.text : '';
  }
}

const rotateInput = z.object({ service: z.string(), environment: z.enum(['staging', 'production']) });

class RotateApiKeyTool extends McpTool<typeof rotateInput.shape> {
  readonly name = 'rotate_api_key';
  readonly description = 'Rotate the API key of a service';
  readonly input = rotateInput;

  protected async execute({ service, environment }: z.infer<typeof rotateInput>): Promise<string> {
    if (environment === 'production') {
      const answer = await this.elicit(`Rotate the production key of ${service}? Old keys stop working in 10 minutes.`, {
        ticket: { type: 'string', title: 'Change ticket' },
      });
      if (!answer) return 'Rotation cancelled';
      this.log.info('rotation approved', { service, ticket: answer.ticket });
    }
    return `Rotated the ${environment} key of ${service}`;
  }
}

const summarizeInput = z.object({ service: z.string(), lines: z.array(z.string()).max(500) });

class SummarizeLogsTool extends McpTool<typeof summarizeInput.shape> {
  readonly name = 'summarize_logs';
  readonly description = 'Summarise recent log lines of a service';
  readonly input = summarizeInput;

  protected async execute({ service, lines }: z.infer<typeof summarizeInput>): Promise<string> {
    if (lines.length === 0) return 'No log lines given';
    const summary = await this.sample(`Summarise the incidents in these ${service} logs:\n${lines.join('\n')}`);
    return summary || 'The model returned no summary';
  }
}

export function registerTools(server: McpServer, tools: McpTool<z.ZodRawShape>[]): void {
  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.input }, (args, ctx) =>
      tool.run(args as z.infer<typeof tool.input>, ctx),
    );
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'platform-tools', version: '4.0.0' });
  registerTools(server, [new RotateApiKeyTool(), new SummarizeLogsTool()] as unknown as McpTool<z.ZodRawShape>[]);
  return server;
}
