// Objects of the server's own with the SDK's method names (`tool`, `prompt`, `resource`, `connect`,
// `elicitInput`) — a logger, a ledger, a CLI — beside the SDK's server: a migration that matches
// methods by name rewrites their calls too, and the upgraded server fails when it starts. Here:
//   decoysMutation    puts such an object into a file (a class of the file, an object literal, a
//                     field, a factory, an annotated parameter), named like a server or not, and
//                     calls it the way the SDK is called: at the top level, inside handlers, with
//                     the arguments of a real registration or connect beside it
//   v1DecoyServer     a v1 server written from scratch (McpServer constructed, from a factory, in a
//                     field or handed in annotated; registrations that ask or not; stdio serving),
//                     with decoys put in by the mutation
//   decoyCalls        the calls on decoys in a text (whitespace removed): the `decoys` property of
//                     properties.ts wants every one of them in the output as it was
// Decoy classes are named `…Decoy`, decoy object literals carry `decoy: true`: that, not the
// migration's analysis, is how the property finds them.
import ts from 'typescript';
import { applyEdits } from '../../src/ast/edits.js';
import type { TextEdit } from '../../src/types.js';
import type { Mutation, Source } from './mutations.js';
import type { Rng } from './rng.js';

export const DECOY_METHODS: ReadonlySet<string> = new Set(['tool', 'prompt', 'resource', 'connect', 'elicitInput']);

/** Receiver names a decoy takes: some say mcp or server, which must not make them the SDK's. */
const NAMES = ['mcpLedger', 'serverAudit', 'ledger', 'registry', 'cli', 'toolbox', 'mcpLog', 'auditServer'];

const squash = (text: string) => text.replace(/\s+/g, '');

/** (mutations.ts has its own; not imported: it imports this module.) */
function parse(fileName: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : /x$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, kind);
}

function isTypeScript(fileName: string): boolean {
  return !/\.[cm]?jsx?$/.test(fileName);
}

function decoyClass(name: string, typed: boolean, eol: string, unit: string): string {
  const any = typed ? ': any[]' : '';
  const lines = [
    `class ${name} {`,
    `${unit}${typed ? 'readonly ' : ''}seen${typed ? ': unknown[]' : ''} = [];`,
    `${unit}tool(...args${any})${typed ? ': this' : ''} {`,
    `${unit}${unit}this.seen.push(['tool', args]);`,
    `${unit}${unit}return this;`,
    `${unit}}`,
    `${unit}prompt(...args${any})${typed ? ': this' : ''} {`,
    `${unit}${unit}this.seen.push(['prompt', args]);`,
    `${unit}${unit}return this;`,
    `${unit}}`,
    `${unit}resource(...args${any})${typed ? ': this' : ''} {`,
    `${unit}${unit}this.seen.push(['resource', args]);`,
    `${unit}${unit}return this;`,
    `${unit}}`,
    `${unit}async connect(...args${any})${typed ? ': Promise<void>' : ''} {`,
    `${unit}${unit}this.seen.push(['connect', args]);`,
    `${unit}}`,
    `${unit}async elicitInput(...args${any})${typed ? ": Promise<{ action: 'accept' | 'decline' }>" : ''} {`,
    `${unit}${unit}this.seen.push(['elicitInput', args]);`,
    `${unit}${unit}return { action: 'decline' };`,
    `${unit}}`,
    `}`,
  ];
  return lines.join(eol);
}

function decoyObject(name: string, typed: boolean, eol: string, unit: string): string {
  const any = typed ? ': any[]' : '';
  return [
    `const ${name} = {`,
    `${unit}decoy: true,`,
    `${unit}seen: []${typed ? ' as unknown[]' : ''},`,
    `${unit}tool(...args${any}) {`,
    `${unit}${unit}this.seen.push(args);`,
    `${unit}},`,
    `${unit}prompt(...args${any}) {`,
    `${unit}${unit}this.seen.push(args);`,
    `${unit}},`,
    `${unit}resource(...args${any}) {`,
    `${unit}${unit}this.seen.push(args);`,
    `${unit}},`,
    `${unit}async connect(...args${any}) {`,
    `${unit}${unit}this.seen.push(args);`,
    `${unit}},`,
    `${unit}async elicitInput(...args${any}) {`,
    `${unit}${unit}this.seen.push(args);`,
    `${unit}${unit}return { action: 'decline'${typed ? ' as const' : ''} };`,
    `${unit}},`,
    `};`,
  ].join(eol);
}

/** Calls shaped like the SDK's, on `r`. */
function shapedCalls(r: string): string[] {
  return [
    `${r}.tool('decoy_ping', 'Pings nothing', async () => ({ content: [] }));`,
    `${r}.tool('decoy_note', 'registered');`,
    `${r}.tool('decoy_shape', { q: 'text' }, async (args) => args);`,
    `${r}.prompt('Continue?', (reply) => reply);`,
    `${r}.resource('decoy', 'decoy://item', async () => ({ contents: [] }));`,
    `void ${r}.connect('memory://decoy');`,
    `void ${r}.elicitInput({ message: 'Decoy?', requestedSchema: { type: 'object', properties: {} } });`,
  ];
}

function indentUnit(text: string): string {
  if (/^\t/m.test(text)) return '\t';
  const widths = [...text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
  const min = widths.length > 0 ? Math.min(...widths) : 2;
  return ' '.repeat(min >= 2 && min <= 4 ? min : 2);
}

function indentAt(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * Async functions with a block body (handlers, mostly): where a decoy call may go first. Not the
 * decoys' own methods: one that calls elicitInput wraps it, and asks like the SDK's for all the
 * migration can tell.
 */
function asyncBodies(sf: ts.SourceFile): ts.Block[] {
  const out: ts.Block[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) && node.name?.text.endsWith('Decoy')) || (ts.isObjectLiteralExpression(node) && node.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText(sf) === 'decoy'))) return;
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.body && ts.isBlock(node.body) && node.body.statements.length > 0 && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) {
      out.push(node.body);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * Statements `x.m(…)` (awaited or not) of SDK-shaped calls on some other receiver: their arguments are
 * copied onto the decoy. Not those whose arguments ask the client: a question in a callback no SDK
 * calls is reported where it is reached from, which moves when serving is rewritten (an open class of
 * findings.md, not the decoys' concern).
 */
function sdkCalls(sf: ts.SourceFile): { statement: ts.Statement; method: string; args: string }[] {
  const out: { statement: ts.Statement; method: string; args: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) {
      let e = node.expression;
      if (ts.isAwaitExpression(e)) e = e.expression;
      if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ['tool', 'prompt', 'resource', 'connect'].includes(e.expression.name.text) && e.arguments.length > 0 &&
        (ts.isBlock(node.parent) || ts.isSourceFile(node.parent)) && !/\b(?:elicitInput|createMessage|listRoots|requestSampling|sendRequest|send|request)\s*\(/.test(e.arguments.map((a) => a.getText(sf)).join(' '))) {
        out.push({ statement: node, method: e.expression.name.text, args: e.arguments.map((a) => a.getText(sf)).join(', ') });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** A decoy of the chosen kind, declared after the imports, and calls on it. */
export function addDecoys(source: Source, rng: Rng, n: number): string | undefined {
  const { fileName, text } = source;
  const sf = parse(fileName, text);
  const typed = isTypeScript(fileName);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = indentUnit(text);
  const free = NAMES.filter((name) => !text.includes(name));
  if (free.length === 0) return undefined;
  const name = `${rng.pick(free)}${n}`;
  const className = `Ledger${n}Decoy`;
  const imports = sf.statements.filter((s) => ts.isImportDeclaration(s) || ts.isImportEqualsDeclaration(s));
  const at = imports.length > 0 ? imports[imports.length - 1].getEnd() : 0;
  const edits: TextEdit[] = [];
  const kind = rng.int(4);
  let receiver = name;
  const declared: string[] = [];
  if (kind === 0) {
    declared.push(decoyClass(className, typed, eol, unit), `const ${name} = new ${className}();`);
  } else if (kind === 1) {
    declared.push(decoyObject(name, typed, eol, unit));
  } else if (kind === 2) {
    // A factory of this file returns it.
    declared.push(decoyClass(className, typed, eol, unit), `function make${className}()${typed ? `: ${className}` : ''} {`, `${unit}return new ${className}();`, '}', `const ${name} = make${className}();`);
  } else {
    // A field of a holder class, set in its constructor; calls through `holder.field`.
    const holder = `${name}Holder`;
    declared.push(decoyClass(className, typed, eol, unit), `class ${holder}${className} {`, `${unit}${typed ? `readonly ${name}: ${className};` : ''}`.trimEnd(),
      `${unit}constructor() {`, `${unit}${unit}this.${name} = new ${className}();`, `${unit}}`, '}', `const ${holder} = new ${holder}${className}();`);
    receiver = `${holder}.${name}`;
  }
  const top = rng.int(3) + 1;
  const calls = shapedCalls(receiver);
  const chosen = Array.from({ length: top }, () => rng.pick(calls));
  edits.push({ start: at, end: at, text: `${at > 0 ? eol + eol : ''}${[...declared.filter((l) => l !== ''), ...new Set(chosen)].join(eol)}${at > 0 ? '' : eol + eol}` });
  // Inside a handler (or any async function): an elicitInput or a registration-shaped call first.
  const bodies = asyncBodies(sf);
  if (bodies.length > 0 && rng.next() < 0.8) {
    const body = rng.pick(bodies);
    const first = body.statements[0];
    const indent = indentAt(text, first.getStart(sf));
    const call = rng.next() < 0.6
      ? `await ${receiver}.elicitInput({ message: 'Decoy question?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });`
      : `${receiver}.tool('decoy_inner', 'Registered from a handler', async () => ({ content: [] }));`;
    edits.push({ start: first.getStart(sf), end: first.getStart(sf), text: `${call}${eol}${indent}` });
  }
  // Beside a real registration or connect: the same arguments, on the decoy.
  const real = sdkCalls(sf);
  if (real.length > 0 && rng.next() < 0.7) {
    const { statement, method, args } = rng.pick(real);
    const indent = indentAt(text, statement.getStart(sf));
    const call = method === 'connect' ? `void ${receiver}.connect(${args});` : `${receiver}.${method}(${args});`;
    edits.push({ start: statement.getEnd(), end: statement.getEnd(), text: `${eol}${indent}${call}` });
  }
  return applyEdits(text, edits);
}

export const decoysMutation: Mutation = {
  id: 'decoys',
  apply: addDecoys,
};

/** The receivers the text's decoys are known by: names declared from a `…Decoy` class or a `decoy: true` literal, and `holder.field`s. */
function decoyReceivers(sf: ts.SourceFile): Set<string> {
  const receivers = new Set<string>();
  const isDecoyValue = (e: ts.Expression | undefined): boolean => {
    if (!e) return false;
    if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text.endsWith('Decoy')) return true;
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && /^make\w*Decoy$/.test(e.expression.text)) return true;
    return ts.isObjectLiteralExpression(e) && e.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText(sf) === 'decoy');
  };
  const holders = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isDecoyValue(node.initializer)) receivers.add(node.name.text);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword && isDecoyValue(node.right)) {
      const cls = ts.findAncestor(node, ts.isClassDeclaration);
      if (cls?.name) holders.set(cls.name.text, node.left.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const visitHolders = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isNewExpression(node.initializer) && ts.isIdentifier(node.initializer.expression)) {
      const field = holders.get(node.initializer.expression.text);
      if (field) receivers.add(`${node.name.text}.${field}`);
    }
    ts.forEachChild(node, visitHolders);
  };
  if (holders.size > 0) visitHolders(sf);
  return receivers;
}

/** Every call of a decoy method on a decoy, whitespace removed (markers the migration wrote are not part of it). */
export function decoyCalls(fileName: string, text: string): string[] {
  if (!/Decoy|decoy: true/.test(text)) return [];
  const sf = parse(fileName, text.replace(/^[ \t]*\/\/ @mcp-mrtr-migrate [^\n]*\r?\n/gm, ''));
  const receivers = decoyReceivers(sf);
  if (receivers.size === 0) return [];
  const calls: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DECOY_METHODS.has(node.expression.name.text) && receivers.has(squash(node.expression.expression.getText(sf)))) {
      calls.push(squash(node.getText(sf)));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

/** The receivers of decoys in a text (for the push-call judge, which matches names). */
export function decoyReceiverTexts(fileName: string, text: string): Set<string> {
  return /Decoy|decoy: true/.test(text) ? decoyReceivers(parse(fileName, text)) : new Set();
}

/** Decoy calls of the input missing from the output (each as many times as the input has it). */
export function decoysChanged(fileName: string, input: string, output: string): string[] {
  const before = decoyCalls(fileName, input);
  if (before.length === 0) return [];
  const after = decoyCalls(fileName, output);
  const left = new Map<string, number>();
  for (const call of after) left.set(call, (left.get(call) ?? 0) + 1);
  const missing: string[] = [];
  for (const call of before) {
    const count = left.get(call) ?? 0;
    if (count === 0) missing.push(call);
    else left.set(call, count - 1);
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------
// v1 servers written from scratch

/** A v1 server (TypeScript or JavaScript) with decoys: case `index` of the generator's own stream. */
export function v1DecoyServer(rng: Rng, index: number, dir: string): { fileName: string; text: string } {
  const typed = rng.next() < 0.7;
  const fileName = `${dir}/decoy-server-${index}.${typed ? 'ts' : 'js'}`;
  const holder = rng.int(4);
  const lines: string[] = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
    "import { z } from 'zod';",
    '',
  ];
  const registrations = (s: string, indent: string): string[] => {
    const out: string[] = [];
    const count = 1 + rng.int(3);
    for (let k = 0; k < count; k++) {
      const asks = rng.next() < 0.5;
      const body = asks
        ? [
          `${indent}  const answer = await ${s}.server.elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });`,
          `${indent}  return { content: [{ type: 'text', text: answer.action }] };`,
        ]
        : [`${indent}  return { content: [{ type: 'text', text: 'done' }] };`];
      const form = rng.int(3);
      if (form === 0) out.push(`${indent}${s}.tool('t${k}', async () => {`, ...body, `${indent}});`);
      else if (form === 1) out.push(`${indent}${s}.tool('t${k}', 'Tool ${k}', { q: z.string() }, async ({ q }) => {`, `${indent}  void q;`, ...body, `${indent}});`);
      else out.push(`${indent}${s}.prompt('p${k}', 'Prompt ${k}', async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));`);
    }
    if (rng.next() < 0.4) out.push(`${indent}${s}.resource('r', 'res://r', async (uri) => ({ contents: [{ uri: uri.href, text: 'r' }] }));`);
    return out;
  };
  const info = "{ name: 'decoyed', version: '1.0.0' }";
  if (holder === 0) {
    lines.push(`const server = new McpServer(${info});`, ...registrations('server', ''), 'await server.connect(new StdioServerTransport());');
  } else if (holder === 1) {
    lines.push(`function createServer()${typed ? ': McpServer' : ''} {`, `  const built = new McpServer(${info});`, ...registrations('built', '  '), '  return built;', '}', 'const app = createServer();', 'await app.connect(new StdioServerTransport());');
  } else if (holder === 2) {
    lines.push('class App {', ...(typed ? ['  readonly mcp: McpServer;'] : []), '  constructor() {', `    this.mcp = new McpServer(${info});`, ...registrations('this.mcp', '    '), '  }', '}',
      'const served = new App();', 'await served.mcp.connect(new StdioServerTransport());');
  } else {
    lines.push(...(typed ? [] : ['/** @param {McpServer} target */']), `export function register(target${typed ? ': McpServer' : ''})${typed ? ': void' : ''} {`, ...registrations('target', '  '), '}',
      `const main = new McpServer(${info});`, 'register(main);', 'await main.connect(new StdioServerTransport());');
  }
  const text = `${lines.join('\n')}\n`;
  // One to three decoys, each of its own kind.
  let withDecoys = text;
  const count = 1 + rng.int(3);
  for (let n = 1; n <= count; n++) withDecoys = addDecoys({ fileName, text: withDecoys, aliases: [] }, rng, n) ?? withDecoys;
  return { fileName, text: withDecoys };
}
