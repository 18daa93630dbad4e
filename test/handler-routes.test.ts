// Handlers reached through other code of the same file: delegating callbacks, pass-through
// wrappers and registrars, and what is refused (and why).
import { Node, Project, type SourceFile } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { findHandlers, type HandlerInfo, type RouteRefusal } from '../src/analysis/handlers.js';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
let counter = 0;

function parse(text: string): SourceFile {
  return project.createSourceFile(`/routes-${counter++}.ts`, text, { overwrite: true });
}

function found(text: string): { handlers: HandlerInfo[]; refusals: RouteRefusal[] } {
  const refusals: RouteRefusal[] = [];
  return { handlers: findHandlers(parse(text), refusals), refusals };
}

const HEAD = `import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n`;

/** The function's name as the tests refer to it. */
function fnName(h: HandlerInfo): string | undefined {
  const fn = h.fn;
  if (Node.isMethodDeclaration(fn) || Node.isFunctionDeclaration(fn)) return fn.getName();
  return Node.isArrowFunction(fn) ? 'arrow' : 'function';
}

describe('delegating callbacks', () => {
  const cls = (registration: string, modifier = 'private', extra = '') => `${HEAD}
class T {
  constructor(private readonly server: McpServer) {}
  register(): void {
    this.server.registerTool('delete_ns', { inputSchema: z.object({ namespace: z.string() }) }, ${registration});
  }
  ${modifier} async deleteNs(namespace: string, ctx: ServerContext): Promise<CallToolResult> { return { content: [] }; }
  ${extra}
}`;

  it('an expression-bodied arrow hands over to a private method, bound to the names it passes', () => {
    const h = found(cls('async ({ namespace }, ctx) => this.deleteNs(namespace, ctx)')).handlers[0];
    expect(fnName(h)).toBe('deleteNs');
    expect(h.name).toBe('delete_ns');
    expect(h.route?.kind).toBe('delegate');
    expect(h.inline).toBe(false);
    expect(h.ctxParam?.getName()).toBe('ctx');
    expect(h.argsText).toBe('{ namespace }');
  });

  it('a block with `return await` hands over too; the whole arguments stay the arguments parameter', () => {
    const h = found(`${HEAD}
async function handle(args: { id: string }, ctx: ServerContext): Promise<CallToolResult> { return { content: [] }; }
server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, async (args, ctx) => { return await handle(args, ctx); });`).handlers[0];
    expect(fnName(h)).toBe('handle');
    expect(h.argsParam?.getName()).toBe('args');
    expect(h.argsText).toBeUndefined();
  });

  it('a private arrow property hands over too', () => {
    const h = found(`${HEAD}
class T {
  constructor(private readonly server: McpServer) {
    this.server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, (args, ctx) => this.handle(args, ctx));
  }
  private handle = async (args: { id: string }, ctx: ServerContext): Promise<CallToolResult> => { return { content: [] }; };
}`).handlers[0];
    expect(h.route?.kind).toBe('delegate');
    expect(Node.isArrowFunction(h.fn) && Node.isPropertyDeclaration(h.fn.getParent())).toBe(true);
    expect(h.argsParam?.getName()).toBe('args');
  });

  it('a public method is not followed: other files may call it', () => {
    const h = found(cls('async ({ namespace }, ctx) => this.deleteNs(namespace, ctx)', 'public')).handlers[0];
    expect(fnName(h)).toBe('arrow');
    expect(h.route).toBeUndefined();
  });

  it('a method something else also calls is not followed', () => {
    const h = found(cls('async ({ namespace }, ctx) => this.deleteNs(namespace, ctx)', 'private',
      'async purge(ctx: ServerContext) { return this.deleteNs("tmp", ctx); }')).handlers[0];
    expect(fnName(h)).toBe('arrow');
  });

  it('a callback that computes an argument is not a delegation', () => {
    const h = found(cls('async ({ namespace }, ctx) => this.deleteNs(namespace.trim(), ctx)')).handlers[0];
    expect(fnName(h)).toBe('arrow');
  });

  it('a callback that does more than return the call is not a delegation', () => {
    const h = found(cls('async ({ namespace }, ctx) => { console.log(namespace); return this.deleteNs(namespace, ctx); }')).handlers[0];
    expect(fnName(h)).toBe('arrow');
  });
});

describe('pass-through wrappers', () => {
  const wrapped = (body: string) => `${HEAD}
type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;
function wrap<A>(handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
${body}
  };
}
server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, wrap(async ({ id }, ctx) => ({ content: [] })));`;

  it('returning the result after logging: the wrapped callback is the handler; the alias result is widened', () => {
    const { handlers, refusals } = found(wrapped('    const result = await handler(args, ctx);\n    console.log("done");\n    return result;'));
    const h = handlers[0];
    expect(refusals).toEqual([]);
    expect(h.route?.kind).toBe('wrapper');
    expect(h.inline).toBe(true);
    expect(h.ctxParam?.getName()).toBe('ctx');
    expect(h.route?.widen.map((t) => t.getText())).toEqual(['Promise<CallToolResult>']);
  });

  it('a wrapper that changes the result is refused with the reason', () => {
    const { handlers, refusals } = found(wrapped('    const result = await handler(args, ctx);\n    return { ...result, isError: false };'));
    expect(handlers).toEqual([]);
    expect(refusals[0].message).toMatch(/wrap\(\), which does something with the handler's result \(result\) besides returning it/);
  });

  it('a wrapper that calls the handler twice is refused', () => {
    const { refusals } = found(wrapped('    try { return await handler(args, ctx); } catch { return await handler(args, ctx); }'));
    expect(refusals[0].message).toMatch(/more than once/);
  });

  it('a wrapper that passes other arguments is refused', () => {
    const { refusals } = found(wrapped('    return handler({ ...args }, ctx);'));
    expect(refusals[0].message).toMatch(/does not pass its arguments and context through/);
  });

  it('an imported wrapper cannot be checked: refused, naming it', () => {
    const { handlers, refusals } = found(`${HEAD}import { withErrors } from './errors.js';
server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, withErrors('t', async ({ id }, ctx) => ({ content: [] })));`);
    expect(handlers).toEqual([]);
    expect(refusals[0].message).toMatch(/through withErrors\(\), which does not lead to a function declared in this file/);
  });

  it('a handler type from another file cannot be widened: refused', () => {
    const { refusals } = found(`${HEAD}import type { Handler } from './types.js';
function wrap<A>(handler: Handler<A>): Handler<A> {
  return async (args, ctx) => handler(args, ctx);
}
server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, wrap(async ({ id }, ctx) => ({ content: [] })));`);
    expect(refusals[0].message).toMatch(/declares the handler's type \(Handler<A>\) in another file/);
  });
});

describe('registrars', () => {
  it('a function registering its handler argument under its name argument', () => {
    const h = found(`${HEAD}
function addTool(server: McpServer, name: string, handler: (args: { id: string }, ctx: ServerContext) => Promise<CallToolResult>) {
  server.registerTool(name, { inputSchema: z.object({ id: z.string() }) }, handler);
}
async function purge(args: { id: string }, ctx: ServerContext): Promise<CallToolResult> { return { content: [] }; }
addTool(server, 'purge', purge);`).handlers[0];
    expect(h.name).toBe('purge');
    expect(fnName(h)).toBe('purge');
    expect(h.route?.kind).toBe('registrar');
    expect(h.ctxParam?.getName()).toBe('ctx');
    expect(h.argsParam?.getName()).toBe('args');
  });

  it("a base-class method registering through a pass-through callback (handler.call(this, …))", () => {
    const { handlers } = found(`${HEAD}
abstract class Group {
  constructor(protected readonly server: McpServer) {}
  protected tool(name: string, handler: (args: { to: string }, ctx: ServerContext) => Promise<CallToolResult>): void {
    this.server.registerTool(name, { inputSchema: z.object({ to: z.string() }) }, async (args, ctx) => {
      try {
        return await handler.call(this, args, ctx);
      } catch (error) {
        return { isError: true, content: [] };
      }
    });
  }
}
class Mail extends Group {
  register() { this.tool('send', this.send); }
  private async send(args: { to: string }, ctx: ServerContext): Promise<CallToolResult> { return { content: [] }; }
}`);
    const h = handlers.find((x) => x.name === 'send')!;
    expect(fnName(h)).toBe('send');
    expect(h.route?.widen.map((t) => t.getText())).toEqual(['Promise<CallToolResult>']);
  });

  it('a registrar whose callback transforms the result is refused', () => {
    const { handlers, refusals } = found(`${HEAD}
function addTool(server: McpServer, name: string, handler: (args: { id: string }, ctx: ServerContext) => Promise<CallToolResult>) {
  server.registerTool(name, { inputSchema: z.object({ id: z.string() }) }, async (args, ctx) => ({ ...(await handler(args, ctx)), isError: false }));
}
async function purge(args: { id: string }, ctx: ServerContext): Promise<CallToolResult> { return { content: [] }; }
addTool(server, 'purge', purge);`);
    expect(handlers.some((h) => h.name === 'purge')).toBe(false);
    expect(refusals[0].message).toMatch(/addTool\(\), which does something with the handler's result/);
  });
});

describe('what a pass-through wrapper may run around the handler', () => {
  const wrapped = (body: string) => `${HEAD}
const audit = { record: async (what: string) => {} };
type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;
function wrap<A>(handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
${body}
  };
}
server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, wrap(async ({ id }, ctx) => ({ content: [] })));`;

  it('timing, logging and a catch that turns errors into results', () => {
    const { refusals } = found(wrapped(`    const started = Date.now();
    try {
      const result = await handler(args, ctx);
      console.info('done', Date.now() - started);
      return result;
    } catch (error) {
      await audit.record('failed');
      return { isError: true, content: [] };
    }`));
    expect(refusals).toEqual([]);
  });

  it('other work before the handler would run again on every round: refused', () => {
    const { refusals } = found(wrapped('    await audit.record("call");\n    return handler(args, ctx);'));
    expect(refusals[0].message).toMatch(/runs `await audit.record\("call"\);` around the handler, which would run again on every round/);
  });

  it('other work after the handler, before returning its result: refused', () => {
    const { refusals } = found(wrapped('    const result = await handler(args, ctx);\n    await audit.record("done");\n    return result;'));
    expect(refusals[0].message).toMatch(/runs `await audit.record\("done"\);` around the handler/);
  });
});
