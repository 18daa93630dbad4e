// "agent-kit": a tiny framework on top of the SDK. Tools are plain objects with a `run` function
// that receives a friendly context (`ctx.elicit`, `ctx.sample`, `ctx.log`) instead of the raw one.
import { McpServer, type ElicitRequestFormParams, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, type Logger } from './lib/log.js';

export interface ToolContext {
  log: Logger;
  elicit(message: string, properties: Record<string, { type: 'string' | 'boolean' | 'number'; title?: string }>): Promise<Record<string, unknown> | null>;
  sample(prompt: string, options?: { system?: string; maxTokens?: number }): Promise<string>;
}

export interface ToolDefinition<S extends z.ZodObject> {
  name: string;
  description: string;
  schema: S;
  run(args: z.infer<S>, ctx: ToolContext): Promise<string>;
}

function toolContext(name: string, ctx: ServerContext): ToolContext {
  return {
    log: createLogger(`agent-kit:${name}`),
    elicit: async (message, properties) => {
      const result = await ctx.mcpReq.elicitInput({
        message,
        requestedSchema: {
          type: 'object',
          properties: properties as ElicitRequestFormParams['requestedSchema']['properties'],
          required: Object.keys(properties),
        },
      });
      return result.action === 'accept' ? (result.content ?? {}) : null;
    },
    sample: async (prompt, options = {}) => {
      const result = await ctx.mcpReq.requestSampling({
        systemPrompt: options.system,
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: options.maxTokens ?? 500,
      });
      const block = Array.isArray(result.content) ? result.content[0] : result.content;
      return block?.type === 'text' ? block.text : '';
    },
  };
}

export function defineTool<S extends z.ZodObject>(definition: ToolDefinition<S>): ToolDefinition<S> {
  return definition;
}

export function serve(name: string, tools: ToolDefinition<z.ZodObject>[]): McpServer {
  const server = new McpServer({ name, version: '0.5.0' });
  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.schema }, async (args, ctx) => {
      const tctx = toolContext(tool.name, ctx);
      try {
        return { content: [{ type: 'text', text: await tool.run(args, tctx) }] };
      } catch (error) {
        tctx.log.error('tool failed', { error: String(error) });
        return { isError: true, content: [{ type: 'text', text: String(error) }] };
      }
    });
  }
  return server;
}

// Tools of the "release-helper" agent built on the kit.
export const tagRelease = defineTool({
  name: 'tag_release',
  description: 'Tag a release after the user confirms the version',
  schema: z.object({ repo: z.string(), suggested: z.string() }),
  async run({ repo, suggested }, ctx) {
    const answer = await ctx.elicit(`Tag ${repo} as ${suggested}?`, { version: { type: 'string', title: 'Version' } });
    if (!answer) return 'Not tagged';
    return `Tagged ${repo} ${String(answer.version)}`;
  },
});

export const changelog = defineTool({
  name: 'write_changelog',
  description: 'Write a changelog entry from commit messages',
  schema: z.object({ commits: z.array(z.string()) }),
  async run({ commits }, ctx) {
    return ctx.sample(commits.join('\n'), { system: 'Write a Keep a Changelog entry.', maxTokens: 400 });
  },
});

export const releaseServer = serve('release-helper', [tagRelease, changelog] as unknown as ToolDefinition<z.ZodObject>[]);
