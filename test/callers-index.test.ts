// The callers index (cross-file mode): where the run's other files use what an asking module exports.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCallersIndex } from '../src/index/callers-index.js';

const root = path.resolve('/virtual/pkg/src');
const at = (name: string) => path.join(root, name);

describe('methods of an exported class called through another type', () => {
  const asker = at('confirmer.ts');
  const files = [
    { absPath: asker, text: 'export class Confirmer {\n  async confirm(m: string) { return m; }\n  async listRoots() { return []; }\n  private async hidden() {}\n}\n' },
    // Through an interface of another module: the file does not import the class's module.
    { absPath: at('tools/base.ts'), text: "import type { Asks } from '../types.js';\nexport async function run(asks: Asks) {\n  await asks.confirm('go?');\n  await asks.hidden();\n}\n" },
    { absPath: at('tools/base.test.ts'), text: "export async function t(asks: { confirm(m: string): Promise<string> }) {\n  await asks.confirm('x');\n}\n" },
    { absPath: at('other.ts'), text: 'export const confirm = 1;\n' },
    // The SDK's own push method of that name (QuantGeekDev/mcp-framework: this.server.listRoots()).
    { absPath: at('tools/roots.ts'), text: 'export async function roots(server: { listRoots(): Promise<unknown> }) {\n  return server.listRoots();\n}\n' },
  ];

  it('lists the calls of a public method by name, in files that do not import the module (tests and the SDK\'s push methods aside)', () => {
    const index = buildCallersIndex(files, new Set([asker]), new Map());
    expect(index.get(asker)).toEqual({ uses: {}, sameNameCalls: { 'Confirmer.confirm': ['./tools/base.ts:3'] } });
  });

  // A class of another file calling its own method of that name (`this.confirm()`, declared in it or in
  // a superclass of its file) is not calling Confirmer.confirm: the finding would name that file, and
  // once the run lifts that class's own question a second run would name it no more.
  it("leaves out `this.method()` calls that resolve to the calling class's own method", () => {
    const own = [
      files[0],
      { absPath: at('tools/own.ts'), text: 'export class NodeTools {\n  async drain() { return this.confirm(\'drain?\'); }\n  private async confirm(m: string) { return m; }\n}\n' },
      { absPath: at('tools/sub.ts'), text: 'abstract class Base {\n  protected async confirm(m: string) { return m; }\n}\nexport class Restart extends Base {\n  async run() { return this.confirm(\'restart?\'); }\n}\n' },
      { absPath: at('tools/literal.ts'), text: 'export class Holder {\n  async confirm() { return 1; }\n  make() { return { go() { return this.confirm(); } }; }\n}\n' },
      { absPath: at('tools/imported-base.ts'), text: "import { Asker } from './asker.js';\nexport class Deploy extends Asker {\n  async run() { return this.confirm('deploy?'); }\n}\n" },
    ];
    const index = buildCallersIndex(own, new Set([asker]), new Map());
    // An object literal's method has its own `this`; a superclass of another module may be Confirmer.
    expect(index.get(asker)).toEqual({ uses: {}, sameNameCalls: { 'Confirmer.confirm': ['./tools/literal.ts:3', './tools/imported-base.ts:3'] } });
  });
});

// blizzy78/mcp-elicit: `const reqElicit = requestElicitation(server)` in createServer(), then the
// tools/call dispatcher hands it to the tool function it looks up.
describe('a made value handed on by a request handler', () => {
  const asker = at('ask.ts');
  const askText = "export function makeConfirm(server: any) {\n  return async (q: string) => server.server.elicitInput({ message: q, requestedSchema: { type: 'object', properties: {} } });\n}\n";
  const serverText = [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "import { makeConfirm } from './ask.js';",
    'const tools: Record<string, { run(args: unknown, confirm: unknown): Promise<any> }> = {};',
    'export function createServer() {',
    "  const server = new McpServer({ name: 'x', version: '1' });",
    '  const confirm = makeConfirm(server);',
    "  server.server.setRequestHandler('tools/call', async (request) => {",
    '    const entry = tools[request.params.name];',
    '    return entry.run(request.params.arguments, confirm);',
    '  });',
    '  return server;',
    '}',
    '',
  ].join('\n');

  const imports = new Map<string, [string, string][]>([[at('server.ts'), [['./ask.js', asker]]]]);

  it('records the holder, the call it is handed to and the handler', () => {
    const index = buildCallersIndex([{ absPath: asker, text: askText }, { absPath: at('server.ts'), text: serverText }], new Set([asker]), imports);
    const uses = index.get(asker)!.uses.makeConfirm;
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ at: './server.ts:6', kind: 'function', detail: 'createServer' });
    expect(uses[0].handedOn).toEqual([{ holder: 'confirm', callee: 'entry.run', handler: expect.stringMatching(/tools\/call/), at: './server.ts:9' }]);
  });

  it('nothing when the value is only called where it is made', () => {
    const text = serverText.replace('return entry.run(request.params.arguments, confirm);', "return entry.run(request.params.arguments, await confirm('go?'));");
    const index = buildCallersIndex([{ absPath: asker, text: askText }, { absPath: at('server.ts'), text }], new Set([asker]), imports);
    expect(index.get(asker)!.uses.makeConfirm[0].handedOn).toBeUndefined();
  });
});

// dguido/google-workspace-mcp: the tool module imports the asking helpers from an index module that
// re-exports them (`export { ask } from './ask.js'`), and neither is a candidate of the run (no SDK
// import, no push call): the prefilter skipped them, yet their calls are the helper's callers.
describe('uses through an index module, in files the prefilter skipped', () => {
  const asker = at('utils/ask.ts');
  const askText = "export async function askName(server: any) {\n  return server.elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });\n}\n";
  const barrel = { absPath: at('utils/index.ts'), text: "export { askName as askForName } from './ask.js';\nexport * from './ask.js';\nexport type { Nothing } from './ask.js';\n" };
  const tool = { absPath: at('tools/names.ts'), text: "import { askForName, askName } from '../utils/index.js';\nexport async function pick(server: unknown) {\n  const a = await askForName(server);\n  return [a, await askName(server)];\n}\n" };

  const imports = new Map<string, [string, string][]>([[tool.absPath, [['../utils/index.js', barrel.absPath]]], [barrel.absPath, [['./ask.js', asker]]]]);

  it('maps the names imported from the index module back to the asker', () => {
    const index = buildCallersIndex([{ absPath: asker, text: askText }], new Set([asker]), imports, [barrel, tool]);
    expect(index.get(asker)!.uses.askName).toEqual([
      { at: '../tools/names.ts:3', kind: 'function', detail: 'pick' },
      { at: '../tools/names.ts:4', kind: 'function', detail: 'pick' },
    ]);
  });

  it('skipped files are read for uses only, not for the public API', () => {
    const entry = { absPath: at('index.ts'), text: "export { askName } from './utils/ask.js';\n" };
    const index = buildCallersIndex([{ absPath: asker, text: askText }], new Set([asker]), new Map([[entry.absPath, [['./utils/ask.js', asker]]]]), [entry]);
    expect(index.get(asker)!.publicApi).toBeUndefined();
  });
});

// microsoft/SharePoint-Embedded-MCP-Server: `export const createAppTool = { name, inputSchema, handler: async (args) => … }`
// calls the helper; the `handler` is the tool's own function (registered through a table elsewhere),
// not a member of a context object offered to other code.
describe('a call in the handler of a tool definition object', () => {
  const asker = at('ask.ts');
  const askText = "export async function askName(server: any) {\n  return server.elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });\n}\n";
  const tool = { absPath: at('tools/create.ts'), text: "import { askName } from '../ask.js';\nexport const createTool = {\n  name: 'create',\n  inputSchema: {},\n  handler: async (args: unknown) => askName(args),\n};\nexport const context = { ask: () => askName(1) };\n" };

  it('is a definition use, named by the definition; a context member stays a member', () => {
    const index = buildCallersIndex([{ absPath: asker, text: askText }, tool], new Set([asker]), new Map([[tool.absPath, [['../ask.js', asker]]]]));
    expect(index.get(asker)!.uses.askName).toEqual([
      { at: './tools/create.ts:5', kind: 'definition', detail: 'the handler of tool definition createTool' },
      { at: './tools/create.ts:7', kind: 'member', detail: 'ask' },
    ]);
  });
});

// zx8086/mcp-konnect: the tool's function is chosen into `let handler` and run inside a closure the
// registered handler hands to a tracer (`toolTracer(async () => handler(args, extra))`): the call is
// in a function a handler runs, with the wrapper named, not in "an anonymous function".
describe('a call in a function a handler runs inside a closure handed to a wrapper', () => {
  const asker = at('ops.ts');
  const askText = "export async function askCount(sku: string, ctx?: any) {\n  return ctx?.mcpReq.elicitInput({ message: sku, requestedSchema: { type: 'object', properties: {} } });\n}\n";
  const server = {
    absPath: at('server.ts'),
    text: [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "import { askCount } from './ops.js';",
      "declare const spans: { tracerFor(name: string): <T>(op: () => Promise<T>) => Promise<T> };",
      'export function register(server: McpServer, names: string[]) {',
      '  names.forEach((name) => {',
      '    let run: (args: any, ctx: any) => Promise<any>;',
      "    if (name === 'count') run = async (args, ctx) => ({ content: [{ type: 'text', text: String(await askCount(args.sku, ctx)) }] });",
      "    else run = async () => ({ content: [] });",
      '    const trace = spans.tracerFor(name);',
      '    const traced = async (args: any, ctx: any) => trace(async () => run(args, ctx));',
      '    server.registerTool(name, {}, traced);',
      '  });',
      '}',
    ].join('\n'),
  };

  it('records the handler and the wrapper that stand between them', () => {
    const index = buildCallersIndex([{ absPath: asker, text: askText }, server], new Set([asker]), new Map([[server.absPath, [['./ops.js', asker]]]]));
    expect(index.get(asker)!.uses.askCount).toEqual([
      {
        at: './server.ts:7',
        kind: 'function',
        detail: 'the function held in `run`',
        wrapped: "tool handler name runs it inside a function it hands to trace() (the function spans.tracerFor() returns), which is not declared in the handler's file, " +
          'so whether it hands an input request back unchanged (neither changed nor recorded as a finished call) cannot be checked',
      },
    ]);
  });

  it('not through a timer, an array or a promise method, nor a wrapper whose result the handler drops', () => {
    const text = server.text
      .replace('const traced = async (args: any, ctx: any) => trace(async () => run(args, ctx));', 'const traced = async (args: any, ctx: any) => { setTimeout(async () => run(args, ctx)); await Promise.resolve().then(async () => run(args, ctx)); await trace(async () => run(args, ctx)); return { content: [] }; };');
    const index = buildCallersIndex([{ absPath: asker, text: askText }, { ...server, text }], new Set([asker]), new Map([[server.absPath, [['./ops.js', asker]]]]));
    expect(index.get(asker)!.uses.askCount).toEqual([{ at: './server.ts:7', kind: 'function', detail: 'an anonymous function' }]);
  });
});
