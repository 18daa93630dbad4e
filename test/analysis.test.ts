// Handler discovery and the push-site inventory, on one file's syntax.
import { Node, Project, SyntaxKind, type SourceFile } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { canReturnInputRequired, findHandlers, UNKNOWN_METHOD, type HandlerInfo } from '../src/analysis/handlers.js';
import { resolveFunction } from '../src/ast/resolve.js';
import { findCapabilityReads, findPushSites, mightNeedMigration, PREFILTER, type PushSite } from '../src/analysis/push-sites.js';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
let counter = 0;
/** Every text parsed above, to check the prefilter against at the end. */
const parsed: string[] = [];

function parse(text: string): SourceFile {
  parsed.push(text);
  return project.createSourceFile(`/case-${counter++}.ts`, text, { overwrite: true });
}

function handlers(text: string): HandlerInfo[] {
  return findHandlers(parse(text));
}

function sites(text: string): PushSite[] {
  return findPushSites(parse(text));
}

function one<T>(list: T[]): T {
  expect(list).toHaveLength(1);
  return list[0];
}

/** The compact view of a handler that most assertions compare. */
function summary(h: HandlerInfo) {
  return {
    kind: h.kind,
    method: h.method,
    name: h.name,
    form: h.form,
    sdk: h.sdk,
    inline: h.inline,
    ctxIndex: h.ctxIndex,
    ctx: h.ctxParam?.getName(),
    args: h.argsParam?.getName(),
  };
}

const V2 = `import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n`;
const V1 = `import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n`;

describe('findHandlers: v2 registrations', () => {
  it('registerTool with an input schema, inline', () => {
    const h = one(
      handlers(`${V2}
const server = new McpServer({ name: 's', version: '1' });
server.registerTool('deploy', { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
  return { content: [] };
});`),
    );
    expect(summary(h)).toEqual({
      kind: 'tool',
      method: 'tools/call',
      name: 'deploy',
      form: 'registerTool',
      sdk: 'v2',
      inline: true,
      ctxIndex: 1,
      ctx: 'ctx',
      args: '{ env }',
    });
    expect(h.argsParam).toBe(h.params[0]);
    expect(Node.isArrowFunction(h.fn)).toBe(true);
    expect(h.ctxIndexGuessed).toBeUndefined();
    expect(canReturnInputRequired(h)).toBe(true);
  });

  it('registerTool without an input schema: ctx is parameter 0', () => {
    const h = one(handlers(`${V2}server.registerTool('list', { description: 'd' }, async (ctx) => ({ content: [] }));`));
    expect(summary(h)).toMatchObject({ kind: 'tool', ctxIndex: 0, ctx: 'ctx', args: undefined });
  });

  it('registerTool without ctx declared: ctxParam is absent, ctxIndex still known', () => {
    const h = one(handlers(`${V2}server.registerTool('echo', { inputSchema: z.object({ t: z.string() }) }, async (args) => ({ content: [] }));`));
    expect(summary(h)).toMatchObject({ ctxIndex: 1, ctx: undefined, args: 'args' });
  });

  it('registerTool with the config held in a const', () => {
    const h = one(
      handlers(`${V2}
const config = { description: 'x', inputSchema: z.object({ a: z.string() }) };
server.registerTool('t', config, async (args, extra) => ({ content: [] }));`),
    );
    expect(summary(h)).toMatchObject({ ctxIndex: 1, ctx: 'extra', args: 'args' });
  });

  it('registerTool with an unreadable config guesses from the parameters', () => {
    const [a, b] = handlers(`${V2}
import { cfgA, cfgB } from './cfg.js';
server.registerTool('a', cfgA, async (args, ctx) => ({ content: [] }));
server.registerTool('b', cfgB, async (ctx) => ({ content: [] }));`);
    expect(a.ctxIndex).toBe(1);
    expect(a.ctxIndexGuessed).toBe(true);
    expect(b.ctxIndex).toBe(0);
    expect(b.ctxParam?.getName()).toBe('ctx');
  });

  it('registerPrompt with and without argsSchema', () => {
    const [withArgs, without] = handlers(`${V2}
server.registerPrompt('review', { argsSchema: z.object({ file: z.string() }) }, async ({ file }, ctx) => ({ messages: [] }));
server.registerPrompt('hello', { description: 'hi' }, (ctx) => ({ messages: [] }));`);
    expect(summary(withArgs)).toMatchObject({ kind: 'prompt', method: 'prompts/get', name: 'review', form: 'registerPrompt', ctxIndex: 1, ctx: 'ctx' });
    expect(summary(without)).toMatchObject({ kind: 'prompt', name: 'hello', ctxIndex: 0, ctx: 'ctx' });
  });

  it('registerResource with a fixed uri and with a ResourceTemplate', () => {
    const [fixed, template] = handlers(`${V2}
server.registerResource('config', 'config://app', { mimeType: 'text/plain' }, async (uri, ctx) => ({ contents: [] }));
server.registerResource('user', new ResourceTemplate('users://{id}', { list: undefined }), {}, async (uri, { id }, ctx) => ({ contents: [] }));`);
    expect(summary(fixed)).toMatchObject({ kind: 'resource', method: 'resources/read', name: 'config://app', form: 'registerResource', ctxIndex: 1, ctx: 'ctx', args: 'uri' });
    expect(summary(template)).toMatchObject({ kind: 'resource', name: 'users://{id}', ctxIndex: 2, ctx: 'ctx', args: 'uri' });
  });

  it('registerResource with the template in a const', () => {
    const h = one(
      handlers(`${V2}
const tpl = new ResourceTemplate('files://{path}', { list: undefined });
server.registerResource('file', tpl, {}, async (uri, vars) => ({ contents: [] }));`),
    );
    expect(summary(h)).toMatchObject({ name: 'files://{path}', ctxIndex: 2, ctx: undefined });
  });

  it('setRequestHandler with a method string', () => {
    const [call, list] = handlers(`${V2}
server.server.setRequestHandler('tools/call', async (request, ctx) => ({ content: [] }));
server.server.setRequestHandler('tools/list', async () => ({ tools: [] }));`);
    expect(summary(call)).toMatchObject({ kind: 'request', method: 'tools/call', form: 'setRequestHandler', sdk: 'v2', ctxIndex: 1, ctx: 'ctx', args: 'request' });
    expect(summary(list)).toMatchObject({ kind: 'request', method: 'tools/list', ctxIndex: 1, ctx: undefined });
    expect(canReturnInputRequired(call)).toBe(true);
    expect(canReturnInputRequired(list)).toBe(false);
  });

  it('setRequestHandler with a custom method, schemas in the middle', () => {
    const h = one(handlers(`${V2}server.setRequestHandler('acme/search', { params: P, result: R }, async (params, ctx) => ({}));`));
    expect(summary(h)).toMatchObject({ kind: 'request', method: 'acme/search', ctx: 'ctx' });
  });

  it('any receiver: this.server, mcp, a call result', () => {
    const list = handlers(`${V2}
class Tools {
  server = new McpServer({ name: 's', version: '1' });
  register() {
    this.server.registerTool('a', {}, async () => ({ content: [] }));
  }
}
mcp.registerTool('b', {}, async () => ({ content: [] }));
getServer().registerPrompt('c', {}, () => ({ messages: [] }));`);
    expect(list.map((h) => h.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('findHandlers: callbacks by reference', () => {
  it('function declaration', () => {
    const h = one(
      handlers(`${V2}
async function deploy(args: { env: string }, ctx: unknown) { return { content: [] }; }
server.registerTool('deploy', { inputSchema: z.object({ env: z.string() }) }, deploy);`),
    );
    expect(h.inline).toBe(false);
    expect(Node.isFunctionDeclaration(h.fn)).toBe(true);
    expect(h.ctxParam?.getName()).toBe('ctx');
  });

  it('const arrow and const function expression', () => {
    const [a, b] = handlers(`${V2}
const handleA = async (ctx: unknown) => ({ content: [] });
const handleB = async function (ctx: unknown) { return { content: [] }; };
server.registerTool('a', {}, handleA);
server.registerTool('b', {}, handleB);`);
    expect(Node.isArrowFunction(a.fn)).toBe(true);
    expect(Node.isFunctionExpression(b.fn)).toBe(true);
    expect([a.inline, b.inline]).toEqual([false, false]);
  });

  it('class method through this.method and this.method.bind(this)', () => {
    const [a, b] = handlers(`${V2}
class S {
  server = new McpServer({ name: 's', version: '1' });
  constructor() {
    this.server.registerTool('a', {}, this.handleA);
    this.server.registerTool('b', {}, this.handleB.bind(this));
  }
  async handleA(ctx: unknown) { return { content: [] }; }
  handleB = async (ctx: unknown) => ({ content: [] });
}`);
    expect(Node.isMethodDeclaration(a.fn)).toBe(true);
    expect(Node.isArrowFunction(b.fn)).toBe(true);
  });

  it('object literal member', () => {
    const h = one(
      handlers(`${V2}
const handlers = { async deploy(args: unknown, ctx: unknown) { return { content: [] }; } };
server.registerTool('d', { inputSchema: z.object({}) }, handlers.deploy);`),
    );
    expect(Node.isMethodDeclaration(h.fn)).toBe(true);
    expect(h.ctxParam?.getName()).toBe('ctx');
  });

  it('an unresolvable callback is not a handler', () => {
    expect(handlers(`${V2}import { deploy } from './deploy.js';\nserver.registerTool('d', {}, deploy);`)).toEqual([]);
  });

  it('resolveFunction follows parentheses and casts', () => {
    const sf = parse(`const f = (async () => 1) as unknown as () => Promise<number>;\nuse(f);`);
    const arg = sf.getDescendantsOfKind(SyntaxKind.CallExpression)[0]?.getArguments()[0];
    expect(arg && resolveFunction(arg)).toBeTruthy();
  });
});

describe('findHandlers: v1 registrations', () => {
  it('tool overloads: callback only, description, schema, annotations', () => {
    const list = handlers(`${V1}
server.tool('a', async (extra) => ({ content: [] }));
server.tool('b', 'describes b', async (extra) => ({ content: [] }));
server.tool('c', { env: z.string() }, async ({ env }, extra) => ({ content: [] }));
server.tool('d', 'describes d', { env: z.string() }, async (args, extra) => ({ content: [] }));
server.tool('e', { readOnlyHint: true }, async (extra) => ({ content: [] }));
server.tool('f', { env: z.string() }, { readOnlyHint: true }, async (args, extra) => ({ content: [] }));
server.tool('g', 'describes g', { env: z.string() }, { title: 'G' }, async (args, extra) => ({ content: [] }));
server.tool('h', shape, async (args, extra) => ({ content: [] }));
server.tool('i', {}, async (args, extra) => ({ content: [] }));`);
    expect(list.map((h) => [h.name, h.ctxIndex, h.ctxParam?.getName(), h.sdk, h.form])).toEqual([
      ['a', 0, 'extra', 'v1', 'tool'],
      ['b', 0, 'extra', 'v1', 'tool'],
      ['c', 1, 'extra', 'v1', 'tool'],
      ['d', 1, 'extra', 'v1', 'tool'],
      ['e', 0, 'extra', 'v1', 'tool'],
      ['f', 1, 'extra', 'v1', 'tool'],
      ['g', 1, 'extra', 'v1', 'tool'],
      ['h', 1, 'extra', 'v1', 'tool'],
      ['i', 1, 'extra', 'v1', 'tool'],
    ]);
  });

  it('tool with a description in a const', () => {
    const h = one(handlers(`${V1}const DESC = 'describes';\nserver.tool('a', DESC, async (extra) => ({ content: [] }));`));
    expect(h.ctxIndex).toBe(0);
  });

  it('registerTool / registerPrompt / registerResource under v1 imports', () => {
    const list = handlers(`${V1}
server.registerTool('t', { inputSchema: { a: z.string() } }, async (args, extra) => ({ content: [] }));
server.registerPrompt('p', { argsSchema: { a: z.string() } }, async (args, extra) => ({ messages: [] }));
server.registerResource('r', 'r://x', {}, async (uri, extra) => ({ contents: [] }));`);
    expect(list.map((h) => [h.kind, h.sdk, h.ctxIndex])).toEqual([
      ['tool', 'v1', 1],
      ['prompt', 'v1', 1],
      ['resource', 'v1', 1],
    ]);
  });

  it('prompt with and without args', () => {
    const [a, b, c] = handlers(`${V1}
server.prompt('a', async (extra) => ({ messages: [] }));
server.prompt('b', { file: z.string() }, async ({ file }, extra) => ({ messages: [] }));
server.prompt('c', 'describes c', { file: z.string() }, async (args, extra) => ({ messages: [] }));`);
    expect([a.ctxIndex, b.ctxIndex, c.ctxIndex]).toEqual([0, 1, 1]);
    expect(c.argsParam?.getName()).toBe('args');
  });

  it('resource with fixed uri and template, with and without metadata', () => {
    const list = handlers(`${V1}
server.resource('a', 'a://x', async (uri, extra) => ({ contents: [] }));
server.resource('b', 'b://x', { mimeType: 'text/plain' }, async (uri, extra) => ({ contents: [] }));
server.resource('c', new ResourceTemplate('c://{id}', { list: undefined }), async (uri, vars, extra) => ({ contents: [] }));
server.resource('d', new ResourceTemplate('d://{id}', { list: undefined }), { title: 'D' }, async (uri, { id }, extra) => ({ contents: [] }));`);
    expect(list.map((h) => [h.name, h.ctxIndex, h.ctxParam?.getName(), h.form])).toEqual([
      ['a://x', 1, 'extra', 'resource'],
      ['b://x', 1, 'extra', 'resource'],
      ['c://{id}', 2, 'extra', 'resource'],
      ['d://{id}', 2, 'extra', 'resource'],
    ]);
  });

  it('setRequestHandler with v1 schemas, including aliased and namespace imports', () => {
    const list = handlers(`
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema as CT, GetPromptRequestSchema, ReadResourceRequestSchema, ListToolsRequestSchema, FooBarRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as types from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 's', version: '1' }, { capabilities: {} });
server.setRequestHandler(CT, async (request, extra) => ({ content: [] }));
server.setRequestHandler(GetPromptRequestSchema, async (request) => ({ messages: [] }));
server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => ({ contents: [] }));
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(FooBarRequestSchema, async () => ({}));
server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => ({ content: [] }));`);
    expect(list.map((h) => [h.kind, h.method, h.sdk, h.ctxParam?.getName(), h.argsParam?.getName()])).toEqual([
      ['request', 'tools/call', 'v1', 'extra', 'request'],
      ['request', 'prompts/get', 'v1', undefined, 'request'],
      ['request', 'resources/read', 'v1', 'extra', 'req'],
      ['request', 'tools/list', 'v1', undefined, undefined],
      ['request', UNKNOWN_METHOD, 'v1', undefined, undefined],
      ['request', 'tools/call', 'v1', 'extra', 'request'],
    ]);
  });

  it('setRequestHandler with a method held in a const', () => {
    const h = one(handlers(`const M = 'prompts/get';\nserver.setRequestHandler(M, async (request, ctx) => ({ messages: [] }));`));
    expect(h.method).toBe('prompts/get');
    expect(h.sdk).toBe('v2');
  });
});

describe('findHandlers: not handlers', () => {
  it('ignores unrelated calls with similar names', () => {
    expect(
      handlers(`
const x = registry.tool('name');
emitter.setRequestHandler(123, () => 1);
router.resource('a', 'b');
foo.registerTool('only-two', () => 1);`),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

function view(s: PushSite) {
  return {
    kind: s.kind,
    api: s.api,
    handler: s.handler?.name ?? s.handler?.method,
    nested: s.nestedFunction !== undefined,
    awaited: s.awaited,
    inLoop: s.inLoop,
    inTry: s.inTry,
    viaThis: s.viaThis,
  };
}

describe('findPushSites: v2 context forms', () => {
  it('ctx.mcpReq.elicitInput / requestSampling / send with params and options', () => {
    const list = sites(`${V2}
server.registerTool('t', { inputSchema: z.object({ a: z.string() }) }, async ({ a }, ctx) => {
  const answer = await ctx.mcpReq.elicitInput({ message: 'm', requestedSchema: { type: 'object', properties: {} } }, { timeout: 5 });
  const sample = await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 10 });
  const roots = await ctx.mcpReq.send({ method: 'roots/list' });
  const url = await ctx.mcpReq.send({ method: 'elicitation/create', params: { mode: 'url', message: 'm', url: 'https://x' } }, { timeout: 1 });
  return { content: [] };
});`);
    expect(list.map(view)).toEqual([
      { kind: 'elicitation', api: 'ctx.mcpReq.elicitInput', handler: 't', nested: false, awaited: true, inLoop: false, inTry: false, viaThis: false },
      { kind: 'sampling', api: 'ctx.mcpReq.requestSampling', handler: 't', nested: false, awaited: true, inLoop: false, inTry: false, viaThis: false },
      { kind: 'roots', api: 'ctx.mcpReq.send', handler: 't', nested: false, awaited: true, inLoop: false, inTry: false, viaThis: false },
      { kind: 'elicitation', api: 'ctx.mcpReq.send', handler: 't', nested: false, awaited: true, inLoop: false, inTry: false, viaThis: false },
    ]);
    const [elicit, sampling, roots, url] = list;
    expect(elicit.params?.getText()).toMatch(/^\{ message: 'm'/);
    expect(elicit.options?.getText()).toBe('{ timeout: 5 }');
    expect(elicit.elicitMode).toBe('form');
    expect(elicit.call).toBe(elicit.node);
    expect(sampling.options).toBeUndefined();
    expect(roots.params).toBeUndefined();
    expect(url.elicitMode).toBe('url');
    expect(url.params?.getText()).toMatch(/^\{ mode: 'url'/);
    expect(url.options?.getText()).toBe('{ timeout: 1 }');
  });

  it('send(request, Schema, options): the schema is not the options', () => {
    const [a, b] = sites(`${V2}
server.registerTool('t', {}, async (ctx) => {
  await ctx.mcpReq.send({ method: 'sampling/createMessage', params: p }, CreateMessageResultSchema, { timeout: 3 });
  await ctx.mcpReq.send({ method: 'sampling/createMessage', params: p }, CreateMessageResultSchema);
  return { content: [] };
});`);
    expect(a.kind).toBe('sampling');
    expect(a.params?.getText()).toBe('p');
    expect(a.options?.getText()).toBe('{ timeout: 3 }');
    expect(b.options).toBeUndefined();
  });

  it('renamed context and destructured mcpReq', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (context) => { await context.mcpReq.elicitInput(p); return { content: [] }; });
server.registerTool('b', {}, async ({ mcpReq }) => { await mcpReq.send({ method: 'roots/list' }); return { content: [] }; });
server.registerTool('c', { inputSchema: s }, async (args, { mcpReq: { elicitInput, requestSampling } }) => {
  await elicitInput(p);
  await requestSampling(q);
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api, s.handler?.name])).toEqual([
      ['elicitation', 'context.mcpReq.elicitInput', 'a'],
      ['roots', 'mcpReq.send', 'b'],
      ['elicitation', 'elicitInput', 'c'],
      ['sampling', 'requestSampling', 'c'],
    ]);
  });

  it('context destructured in the body and aliased functions', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  const { mcpReq } = ctx;
  const req = ctx.mcpReq;
  const ask = ctx.mcpReq.elicitInput.bind(ctx.mcpReq);
  await mcpReq.elicitInput(p);
  await req.requestSampling(q);
  await ask(r);
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api])).toEqual([
      ['elicitation', 'mcpReq.elicitInput'],
      ['sampling', 'req.requestSampling'],
      ['elicitation', 'ask'],
    ]);
  });

  it('method string held in a const, and a request object held in a const', () => {
    const list = sites(`${V2}
const ROOTS = 'roots/list';
const METHOD = 'elicitation/create' as const;
server.registerTool('a', {}, async (ctx) => {
  await ctx.mcpReq.send({ method: ROOTS });
  const request = { method: METHOD, params: { message: 'm', requestedSchema: s } };
  await ctx.mcpReq.send(request);
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.elicitMode])).toEqual([
      ['roots', undefined],
      ['elicitation', 'form'],
    ]);
    expect(list[1].params?.getText()).toMatch(/^\{ message: 'm'/);
  });

  it('elicit mode unknown when the params are not readable', () => {
    const s = one(sites(`${V2}server.registerTool('a', {}, async (ctx) => { await ctx.mcpReq.elicitInput(buildParams()); return { content: [] }; });`));
    expect(s.elicitMode).toBe('unknown');
  });
});

describe('findPushSites: server forms', () => {
  it("a call of the package's own method whose body asks is a site by its name; one whose body asks nobody is none", () => {
    const list = sites(`${V2}
class Session {
  constructor(private readonly server: { createMessage(p: unknown): Promise<unknown> }) {}
  async requestSampling(params: unknown) {
    return this.server.createMessage(params);
  }
}
class ModelGateway {
  async createMessage(prompt: string) {
    return fetch('http://model', { method: 'POST', body: prompt });
  }
}
export async function run(session: Session, gateway: ModelGateway) {
  await session.requestSampling({ messages: [], maxTokens: 1 });
  await gateway.createMessage('hello');
}`);
    // The wrapper's own push (this.server.createMessage) and its caller; never the gateway's createMessage.
    expect(list.map((s) => s.api)).toEqual(['this.server.createMessage', 'session.requestSampling']);
  });

  it('server.server.elicitInput / createMessage / listRoots / request', () => {
    const list = sites(`${V2}
const server = new McpServer({ name: 's', version: '1' });
server.registerTool('t', {}, async () => {
  await server.server.elicitInput({ message: 'm', requestedSchema: s });
  await server.server.createMessage({ messages: [], maxTokens: 1 }, { timeout: 9 });
  await server.server.listRoots(undefined, { timeout: 2 });
  await server.server.request({ method: 'sampling/createMessage', params: p }, CreateMessageResultSchema, { timeout: 4 });
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api, s.options?.getText()])).toEqual([
      ['elicitation', 'server.server.elicitInput', undefined],
      ['sampling', 'server.server.createMessage', '{ timeout: 9 }'],
      ['roots', 'server.server.listRoots', '{ timeout: 2 }'],
      ['sampling', 'server.server.request', '{ timeout: 4 }'],
    ]);
    expect(list[2].params).toBeUndefined();
    expect(list.every((s) => s.handler?.name === 't')).toBe(true);
  });

  it('low-level Server variables, this.server, this.server.server, parameters named server', () => {
    const list = sites(`
import { Server } from '@modelcontextprotocol/server';
const low = new Server({ name: 's', version: '1' }, {});
async function viaParam(server: unknown) { await (server as any).listRoots(); }
class Tools {
  server = new McpServer({ name: 's', version: '1' });
  mcp: Server;
  async a() { await this.server.server.createMessage(p); }
  async b() { await this.mcp.listRoots(); }
  async c() { await low.createMessage(p); }
}`);
    expect(list.map((s) => [s.kind, s.api, s.viaThis, s.handler])).toEqual([
      ['roots', '(serverasany).listRoots', false, undefined],
      ['sampling', 'this.server.server.createMessage', true, undefined],
      ['roots', 'this.mcp.listRoots', true, undefined],
      ['sampling', 'low.createMessage', false, undefined],
    ]);
  });

  it('v1 extra.sendRequest with schemas', () => {
    const list = sites(`${V1}
import { ElicitResultSchema, CreateMessageResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
server.tool('t', { a: z.string() }, async ({ a }, extra) => {
  const e = await extra.sendRequest({ method: 'elicitation/create', params: { message: 'm', requestedSchema: s } }, ElicitResultSchema);
  const c = await extra.sendRequest({ method: 'sampling/createMessage', params: sp }, CreateMessageResultSchema, { timeout: 7 });
  const r = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api, s.handler?.sdk, s.options?.getText()])).toEqual([
      ['elicitation', 'extra.sendRequest', 'v1', undefined],
      ['sampling', 'extra.sendRequest', 'v1', '{ timeout: 7 }'],
      ['roots', 'extra.sendRequest', 'v1', undefined],
    ]);
  });

  it('v1 destructured sendRequest in a low-level handler', () => {
    const s = one(
      sites(`
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
server.setRequestHandler(CallToolRequestSchema, async (request, { sendRequest }) => {
  await sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [] };
});`),
    );
    expect([s.kind, s.api, s.handler?.method]).toEqual(['roots', 'sendRequest', 'tools/call']);
  });
});

describe('findPushSites: url elicitation, notifier, elicitationId, tasks', () => {
  it('throw new UrlElicitationRequiredError, also aliased', () => {
    const list = sites(`${V2}
import { UrlElicitationRequiredError as UrlNeeded } from '@modelcontextprotocol/server';
server.registerTool('a', {}, async () => {
  throw new UrlElicitationRequiredError([{ mode: 'url', message: 'm', url: 'u', elicitationId: 'e1' }]);
});
server.registerTool('b', {}, async () => {
  const err = new UrlNeeded([]);
  throw err;
});`);
    expect(list.map((s) => [s.kind, s.api, s.node.getKindName(), s.handler?.name])).toEqual([
      ['url-elicitation-throw', 'new UrlElicitationRequiredError', 'ThrowStatement', 'a'],
      ['elicitation-id', 'elicitationId', 'PropertyAssignment', 'a'],
      ['url-elicitation-throw', 'new UrlNeeded', 'NewExpression', 'b'],
    ]);
    expect(list[0].elicitMode).toBe('url');
    expect(list[0].params?.getText()).toMatch(/^\[\{ mode: 'url'/);
  });

  it('completion notifier and elicitationId properties (also shorthand)', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  const elicitationId = crypto.randomUUID();
  const notify = server.server.createElicitationCompletionNotifier(elicitationId);
  const r = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'm', url: 'u', elicitationId });
  await notify();
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api, s.elicitMode])).toEqual([
      ['completion-notifier', 'server.server.createElicitationCompletionNotifier', undefined],
      ['elicitation', 'ctx.mcpReq.elicitInput', 'url'],
      ['elicitation-id', 'elicitationId', undefined],
    ]);
    expect(list[0].params?.getText()).toBe('elicitationId');
  });

  it('elicitationId only where the 2025 protocol gave it a meaning, not in the user\'s own objects', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  const elicitationId = crypto.randomUUID();
  await server.server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId } });
  await ctx.mcpReq.elicitInput({ ...urlParams, elicitationId });
  const links = [{ url: 'u', elicitationId: 'e1' }];
  let state = { step: 'consent', elicitationId };
  db.save({ elicitationId, user: 'u' });
  return { content: [] };
});`);
    const ids = list.filter((s) => s.kind === 'elicitation-id').map((s) => s.node.getParent()!.getText());
    expect(ids).toEqual(['{ elicitationId }', '{ ...urlParams, elicitationId }', "{ url: 'u', elicitationId: 'e1' }"]);
  });

  it('task-augmented requests and tasks/ methods', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  await ctx.mcpReq.elicitInput(p, { task: { ttl: 1000 } });
  await ctx.mcpReq.send({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 1, task: { ttl: 5 } } });
  await ctx.mcpReq.send({ method: 'tasks/get', params: { taskId: 'x' } }, GetTaskResultSchema);
  return { content: [] };
});`);
    expect(list.map((s) => s.kind)).toEqual(['task', 'task', 'task']);
  });
});

describe('findPushSites: what asks and what only looks like it', () => {
  it('a request sent for a task (relatedTask) and a push handed on inside registerToolTask are task sites', () => {
    const list = sites(`${V2}
async function runner(taskId: string, send: any) {
  await send({ method: 'elicitation/create', params: { message: 'm', requestedSchema: s } }, ElicitResultSchema, { relatedTask: { taskId } });
}
server.experimental.tasks.registerToolTask('t', {}, {
  createTask: async (args, ctx) => { void runner('1', ctx.mcpReq.send); return { task }; },
});`);
    expect(list.map((s) => `${s.kind} ${s.api}`)).toEqual(['task send', 'task ctx.mcpReq.send']);
  });

  it('this.#server is a server; createMessage on a receiver named like a context is a push', () => {
    const list = sites(`${V2}
class Session {
  #server = new Server({ name: 'x', version: '1' }, {});
  async connect() { await this.#server.listRoots(); }
  ask(sdkContext: Caps) { const fn = sdkContext.createMessage; return (m: any) => fn({ messages: m }); }
}`);
    expect(list.map((s) => `${s.kind} ${s.api}`)).toEqual(['roots this.#server.listRoots', 'sampling fn']);
  });

  it("a call of the class's own wrapper named like a push API is not a push; the wrapper's body is", () => {
    const list = sites(`${V2}
class Bot {
  private async requestSampling(text: string) { return this.server.createMessage({ messages: [], maxTokens: 1 }); }
  async onMessage(text: string) { return this.requestSampling(text); }
}`);
    expect(list.map((s) => s.api)).toEqual(['this.server.createMessage']);
  });

  it('a push function looked up reflectively and invoked with .call is a site at its (first) lookup', () => {
    const list = sites(`${V2}
export async function ask(server: unknown, context: any, params: object) {
  const method = (server as Record<string, unknown>)?.elicitInput;
  if (typeof method !== 'function') return undefined;
  const found = context?.elicitInput || context?.agent?.elicitInput;
  await (found as any).call(context, params);
  return (method as (p: object) => Promise<unknown>).call(server, params);
}`);
    expect(list.map((s) => `${s.kind} ${s.api} ${s.node.getStartLineNumber()}`)).toEqual([
      'elicitation (serverasRecord<string,unknown>)?.elicitInput 5',
      'elicitation context?.elicitInput 7',
    ]);
  });

  it('a mock asserted on in a test, and elicitationId in a schema, a log line or a test call, ask nothing', () => {
    const list = sites(`${V2}
expect(server.elicitInput).toHaveBeenCalledTimes(1);
expect(server.elicitInput).toHaveBeenCalledWith(expect.objectContaining({ mode: 'url', elicitationId: 'e' }));
const Schema = z.object({ url: z.string(), elicitationId: z.string().optional() });
logger.debug('elicitation', { elicitationId: id, url });
await handler({ url: 'u', message: 'm', elicitationId: 'e' });
await ctx.mcpReq.elicitInput({ mode: 'url', message: 'm', url, elicitationId: id });`);
    expect(list.map((s) => `${s.kind} ${s.node.getStartLineNumber()}`)).toEqual(['elicitation 9', 'elicitation-id 9']);
  });
});

describe('findPushSites: placement', () => {
  it('Promise.all / allSettled / race elements are awaited; bare and returned calls are not', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  const [x, y] = await Promise.all([ctx.mcpReq.elicitInput(p), ctx.mcpReq.requestSampling(q)]);
  await Promise.race([(ctx.mcpReq.elicitInput(p)), timeout()]);
  await (ctx.mcpReq.elicitInput(p) as Promise<unknown>);
  ctx.mcpReq.elicitInput(p);
  void ctx.mcpReq.elicitInput(p).then(() => 1);
  const pending = Promise.all([ctx.mcpReq.elicitInput(p)]);
  return await pending;
});`);
    expect(list.map((s) => s.awaited)).toEqual([true, true, true, true, false, false, false]);
  });

  it('loops, try blocks and nested callbacks', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  for (const item of items) {
    await ctx.mcpReq.elicitInput(p);
  }
  for (const r of await ctx.mcpReq.send({ method: 'roots/list' })) {}
  while (more()) { try { await ctx.mcpReq.elicitInput(p); } catch { } }
  try { } finally { await ctx.mcpReq.requestSampling(q); }
  await Promise.all(items.map(async (item) => ctx.mcpReq.elicitInput(p)));
  for (const item of items) { items.forEach(() => { void ctx.mcpReq.elicitInput(p); }); }
  return { content: [] };
});`);
    expect(list.map((s) => [s.inLoop, s.inTry, s.nestedFunction !== undefined, s.handler?.name])).toEqual([
      [true, false, false, 'a'],
      [false, false, false, 'a'],
      [true, true, false, 'a'],
      [false, true, false, 'a'],
      [false, false, true, 'a'],
      [false, false, true, 'a'], // the loop is outside the callback
    ]);
    expect(Node.isArrowFunction(list[4].nestedFunction!)).toBe(true);
  });

  it('sites in helpers and outside any handler have no handler', () => {
    const list = sites(`${V2}
const server = new McpServer({ name: 's', version: '1' });
async function askName(ctx: ServerContext) {
  return ctx.mcpReq.elicitInput(p);
}
server.server.oninitialized = async () => {
  const { roots } = await server.server.listRoots();
};
const roots = await server.server.listRoots();
server.registerTool('a', {}, async (ctx) => {
  const helper = async () => ctx.mcpReq.elicitInput(p);
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.handler?.name, s.nestedFunction?.getKindName()])).toEqual([
      ['elicitation', undefined, undefined],
      ['roots', undefined, undefined],
      ['roots', undefined, undefined],
      ['elicitation', 'a', 'ArrowFunction'],
    ]);
  });

  it('a handler method referenced from the registration owns its sites', () => {
    const s = one(
      sites(`${V2}
class S {
  server = new McpServer({ name: 's', version: '1' });
  start() { this.server.registerTool('a', {}, this.handle.bind(this)); }
  async handle(ctx: ServerContext) { return this.server.server.createMessage(p); }
}`),
    );
    expect(s.handler?.name).toBe('a');
    expect(s.viaThis).toBe(true);
    expect(s.nestedFunction).toBeUndefined();
  });

  it('push functions passed on or stored as values', () => {
    const list = sites(`${V2}
server.registerTool('a', {}, async (ctx) => {
  await runLoop(ctx.mcpReq.elicitInput);
  const api = { sample: server.server.createMessage.bind(server.server) };
  if (typeof ctx.mcpReq.elicitInput === 'function') {}
  return { content: [] };
});`);
    expect(list.map((s) => [s.kind, s.api, s.call, s.node.getKindName()])).toEqual([
      ['elicitation', 'ctx.mcpReq.elicitInput', undefined, 'PropertyAccessExpression'],
      ['sampling', 'server.server.createMessage', undefined, 'CallExpression'],
    ]);
  });
});

describe('findPushSites: not push sites', () => {
  it('createMessage / listRoots on non-server objects, ping, other methods, inputRequired builders', () => {
    expect(
      sites(`${V2}
const foo = new Anthropic();
const client = makeClient();
const observer = new Observer();
const server2 = express();
await observer.createMessage(p);
await observer.listRoots();
server.registerTool('a', {}, async (ctx) => {
  await foo.createMessage({ model: 'x' });
  await client.listRoots();
  await foo.messages.createMessage();
  await ctx.mcpReq.send({ method: 'ping' });
  await server.server.ping();
  await server.server.request({ method: 'tools/list' }, S);
  await sendRequest({ method: 'roots/list' });
  return inputRequired({ inputRequests: { a: inputRequired.createMessage(p), b: inputRequired.listRoots(), c: inputRequired.elicit(q) } });
});`),
    ).toEqual([]);
  });

  it('a locally declared function named like a push API is not followed', () => {
    expect(sites(`async function elicitInput(p: unknown) { return p; }\nawait elicitInput(1);`)).toEqual([]);
  });
});

describe('findCapabilityReads', () => {
  it('finds getClientCapabilities calls on any receiver', () => {
    const reads = findCapabilityReads(
      parse(`const caps = server.server.getClientCapabilities();\nif (this.server.getClientCapabilities()?.elicitation) {}\nconst x = getClientCapabilities;`),
    );
    expect(reads.map((r) => r.getText())).toEqual(['server.server.getClientCapabilities()', 'this.server.getClientCapabilities()']);
  });
});

describe('mightNeedMigration', () => {
  it.each([
    ['elicitInput', `await ctx.mcpReq.elicitInput(p);`],
    ['requestSampling', `await mcpReq.requestSampling(p);`],
    ['createMessage', `await server.server.createMessage(p);`],
    ['listRoots', `await server.server.listRoots();`],
    ['method via const', `const M = 'roots/list';`],
    ['elicitation method', `send({ method: "elicitation/create" })`],
    ['sampling method', "send({ method: `sampling/createMessage` })"],
    ['tasks', `send({ method: 'tasks/result' })`],
    ['url error', `throw new UrlElicitationRequiredError([]);`],
    ['notifier', `createElicitationCompletionNotifier(id)`],
    ['elicitationId', `const x = { elicitationId };`],
    ['registerTool', `s.registerTool('a', {}, cb);`],
    ['registerPrompt', `s.registerPrompt('a', {}, cb);`],
    ['registerResource', `s.registerResource('a', 'u', {}, cb);`],
    ['setRequestHandler', `s.setRequestHandler(CT, cb);`],
    ['v1 tool', `server.tool('a', cb);`],
    ['v1 tool on a new line', `server\n  .tool('a', cb);`],
    ['v1 prompt', `server.prompt('a', cb);`],
    ['v1 resource', `server.resource('a', 'u', cb);`],
    ['capabilities', `server.server.getClientCapabilities()`],
    ['sdk import', `import { McpServer } from '@modelcontextprotocol/server';`],
  ])('true for %s', (_name, text) => {
    expect(mightNeedMigration(text)).toBe(true);
  });

  it.each([
    ['plain code', `export function add(a: number, b: number) { return a + b; }`],
    ['http server', `import http from 'node:http';\nhttp.createServer((req, res) => res.end('ok')).listen(3000);`],
    ['similar words', `const tools = []; const prompts = {}; const resources = new Map(); // elicit input later`],
  ])('false for %s', (_name, text) => {
    expect(mightNeedMigration(text)).toBe(false);
  });

  it('every text above with a handler or push site passes the prefilter', () => {
    expect(PREFILTER.global).toBe(false);
    const texts = parsed.splice(0);
    const relevant = texts.filter((text) => {
      const sf = project.createSourceFile(`/prefilter-${counter++}.ts`, text, { overwrite: true });
      return findHandlers(sf).length > 0 || findPushSites(sf).length > 0 || findCapabilityReads(sf).length > 0;
    });
    expect(relevant.length).toBeGreaterThan(30);
    for (const text of relevant) expect(mightNeedMigration(text), text).toBe(true);
  });
});
