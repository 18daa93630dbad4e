// Whose method a v1 call is: the receiver's origin as the file's own code proves it
// (src/analysis/sdk-receivers.ts), and the upgrade of the receiver fixtures where no dependencies are
// installed (no node_modules above the file: the checker knows nothing of the SDK, and only what the
// file's code proves, then a name with a finding, decides).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ts } from '../../src/ts-morph.js';
import { receiverOrigin } from '../../src/analysis/sdk-receivers.js';
import { transformSource } from '../../src/engine.js';
import { stripMarkers } from '../corpus/push-scan.js';

function originOf(code: string, receiverText: string, fileName = '/virtual/case.ts') {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.ES2022, true, /\.js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText(file) === receiverText) found = node.expression.expression;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) throw new Error(`no call on ${receiverText}`);
  const origin = receiverOrigin(found);
  return origin.kind === 'sdk' ? `sdk ${origin.className} (${origin.how})` : origin.kind;
}

const SDK = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";

describe('receiverOrigin', () => {
  it.each([
    ['new McpServer', `${SDK}const s = new McpServer({ name: 'a', version: '1' });\ns.tool('a', cb);`, 's', 'sdk McpServer (construction)'],
    ['an aliased import', "import { McpServer as Mcp } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst s = new Mcp({ name: 'a', version: '1' });\ns.tool('a', cb);", 's', 'sdk McpServer (construction)'],
    ['a namespace import', "import * as mcp from '@modelcontextprotocol/sdk/server/mcp.js';\nconst s = new mcp.McpServer({ name: 'a', version: '1' });\ns.tool('a', cb);", 's', 'sdk McpServer (construction)'],
    ['require, destructured', "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\nconst s = new McpServer({});\ns.tool('a', cb);", 's', 'sdk McpServer (construction)'],
    ['an annotated parameter', `${SDK}function f(x: McpServer) { x.tool('a', cb); }`, 'x', 'sdk McpServer (annotation)'],
    ['a factory', `${SDK}function make() { const s = new McpServer({}); return s; }\nconst x = make();\nx.tool('a', cb);`, 'x', 'sdk McpServer (factory)'],
    ['a field set in the constructor', `${SDK}class A { server; constructor() { this.server = new McpServer({}); } go() { this.server.tool('a', cb); } }`, 'this.server', 'sdk McpServer (construction)'],
    ['a parameter property', `${SDK}class A { constructor(private readonly mcp: McpServer) {} go() { this.mcp.tool('a', cb); } }`, 'this.mcp', 'sdk McpServer (annotation)'],
    ['a subclass', `${SDK}class K extends McpServer { go() { this.tool('a', cb); } }`, 'this', 'sdk McpServer (inheritance)'],
    ['McpServer.server', `${SDK}const s = new McpServer({});\ns.server.setRequestHandler(X, cb);`, 's.server', 'sdk Server (field)'],
    ['a field of a class with an unknown base', `${SDK}import { Agent } from 'agents';\nclass A extends Agent { server = new McpServer({}); go() { this.server.tool('a', cb); } }`, 'this.server', 'sdk McpServer (construction)'],
    ['JSDoc', `${SDK}/** @param {McpServer} t */\nfunction f(t) { t.tool('a', cb); }`, 't', 'sdk McpServer (annotation)'],
  ])('the SDK: %s', (_name, code, receiver, want) => {
    expect(originOf(code, receiver, /require|JSDoc|@param/.test(code) ? '/virtual/case.js' : '/virtual/case.ts')).toBe(want);
  });

  it.each([
    ['a class of this file', `${SDK}class Log { tool() {} }\nconst log = new Log();\nlog.tool('a', cb);`, 'log'],
    ['an object literal', `${SDK}const log = { tool() {} };\nlog.tool('a', cb);`, 'log'],
    ['a node builtin', `${SDK}import { EventEmitter } from 'node:events';\nconst bus = new EventEmitter();\nbus.prompt('a', cb);`, 'bus'],
    ['a name that says mcp', `${SDK}class Log { tool() {} }\nconst mcpServerLog = new Log();\nmcpServerLog.tool('a', cb);`, 'mcpServerLog'],
    ['an SDK object reassigned a logger', `${SDK}class Log { tool() {} }\nlet s = new Log();\ns = new Log();\ns.tool('a', cb);`, 's'],
  ])('not the SDK: %s', (_name, code, receiver) => {
    expect(originOf(code, receiver)).toBe('other');
  });

  it.each([
    ['a parameter without a type', `${SDK}function f(server) { server.tool('a', cb); }`, 'server'],
    ['an import of the project', `${SDK}import { server } from './server.js';\nserver.tool('a', cb);`, 'server'],
    ['a let given both', `${SDK}class Log { tool() {} }\nlet s = new McpServer({});\nif (x) s = new Log();\ns.tool('a', cb);`, 's'],
    ['a class of a package', `${SDK}import { Thing } from 'things';\nconst t = new Thing();\nt.tool('a', cb);`, 't'],
    ['a shadowed name', `${SDK}const s = new McpServer({});\nfunction f(s) { s.tool('a', cb); }`, 's'],
    ['a local interface (an McpServer fits it)', `${SDK}interface Registrar { tool(a: string, b: unknown): void }\nfunction f(r: Registrar) { r.tool('a', cb); }`, 'r'],
    ['a type literal', `${SDK}function f(r: { tool(a: string, b: unknown): void }) { r.tool('a', cb); }`, 'r'],
  ])('cannot be told: %s', (_name, code, receiver) => {
    expect(originOf(code, receiver)).toBe('unknown');
  });
});

const fixtures = fileURLToPath(new URL('./__testfixtures__', import.meta.url));

describe('the receiver fixtures without installed dependencies', () => {
  // Copied where no node_modules is above them: nothing resolves the SDK's types.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-mrtr-no-deps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = readdirSync(fixtures).filter((f) => f.startsWith('receiver-') && !f.endsWith('.json'));
  for (const name of names) copyFileSync(path.join(fixtures, name), path.join(dir, name));
  const upgrade = (file: string) => transformSource({ absPath: file, text: readFileSync(file, 'utf8'), transforms: [], sdkUpgrade: 'auto', sdkProjectType: 'server' });
  const inputs = names.filter((n) => n.includes('.input.') && !n.startsWith('receiver-typed-'));

  it.each(inputs)('%s: the same output as with them (markers aside: they say what was known)', (name) => {
    const result = upgrade(path.join(dir, name));
    const expected = readFileSync(path.join(fixtures, name.replace('.input.', '.output.')), 'utf8');
    expect(stripMarkers(result.output ?? readFileSync(path.join(dir, name), 'utf8'))).toBe(stripMarkers(expected));
  });

  it('receiver-typed-imports: what only the checker knows is reported, not guessed', () => {
    const result = upgrade(path.join(dir, 'receiver-typed-imports.input.ts'));
    const errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.line}: ${f.message}`);
    expect(errors).toEqual([expect.stringContaining("12: file left on the v1 SDK: .tool() call on app left as it was: whether app is the SDK's McpServer cannot be told (app is imported from ./receiver-typed-imports.module.js; no @modelcontextprotocol/sdk types are installed for this file")]);
  });
});
