// Mutations of a server file on its TypeScript syntax tree: the shapes real code takes around a
// question that the fixtures may not hold. Each one picks a spot with the case's generator and
// returns the new text, or undefined when the file has no spot for it. Semantics-preserving ones
// (wrapping in a branch that always runs, reordering independent statements, renaming, moving a
// registration into a class) and shape-changing ones (a guard that narrows an answer before a later
// question, locals whose types must survive a split, CRLF, tabs) alike: the properties checked do
// not depend on the meaning being kept, only on the input being valid code.
import ts from 'typescript';
import { applyEdits } from '../../src/ast/edits.js';
import type { TextEdit } from '../../src/types.js';
import { scanSourceFile, type ScannedSite } from '../corpus/push-scan.js';
import { decoysMutation } from './decoys.js';
import type { Rng } from './rng.js';

export interface Source {
  fileName: string;
  text: string;
  /** Calls declared as push aliases (the site's configuration). */
  aliases: readonly string[];
}

export interface Mutation {
  id: string;
  /** The mutated text, or undefined when the file offers no spot for this mutation. */
  apply(source: Source, rng: Rng, n: number): string | undefined;
}

// ---------------------------------------------------------------------------------------------
// The file as the mutations see it

class File {
  readonly sf: ts.SourceFile;
  readonly eol: string;
  readonly unit: string;
  private checkerCache: ts.TypeChecker | undefined;
  private questionsCache: ScannedSite[] | undefined;

  constructor(readonly source: Source) {
    this.sf = parse(source.fileName, source.text);
    this.eol = source.text.includes('\r\n') ? '\r\n' : '\n';
    this.unit = indentUnit(source.text);
  }

  get text(): string {
    return this.source.text;
  }

  /** Push calls (the corpus test's own inventory), values handed on excluded. */
  questions(): ScannedSite[] {
    this.questionsCache ??= scanSourceFile(this.sf, this.source.aliases).filter(
      (s) => ts.isCallExpression(s.node) && !s.api.includes('createElicitationCompletionNotifier'),
    );
    return this.questionsCache;
  }

  /** A checker over this file alone (no lib, no imports): enough to tell which declaration a name means. */
  checker(): ts.TypeChecker {
    if (!this.checkerCache) {
      const host: ts.CompilerHost = {
        getSourceFile: (f) => (f === this.sf.fileName ? this.sf : undefined),
        writeFile: () => {},
        getDefaultLibFileName: () => 'lib.d.ts',
        useCaseSensitiveFileNames: () => true,
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => '/',
        getNewLine: () => '\n',
        fileExists: (f) => f === this.sf.fileName,
        readFile: () => undefined,
      };
      const options: ts.CompilerOptions = { noLib: true, noResolve: true, allowJs: true, types: [], target: ts.ScriptTarget.ES2022 };
      this.checkerCache = ts.createProgram([this.sf.fileName], options, host).getTypeChecker();
    }
    return this.checkerCache;
  }

  indentAt(pos: number): string {
    const lineStart = this.text.lastIndexOf('\n', pos - 1) + 1;
    return /^[ \t]*/.exec(this.text.slice(lineStart))![0];
  }

  /** `start..end` with `extra` added to every line after the first (lines inside templates kept). */
  indented(start: number, end: number, extra: string): string {
    const frozen = templateRanges(this.sf);
    let out = '';
    for (let i = start; i < end; i++) {
      const ch = this.text[i];
      out += ch;
      if (ch === '\n' && i + 1 < end && !frozen.some(([s, e]) => s < i && i < e)) out += extra;
    }
    return out;
  }

  edit(edits: TextEdit[]): string {
    return applyEdits(this.text, edits);
  }
}

export function parse(fileName: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : /x$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, kind);
}

/** Syntax errors of a text ('' when it parses). */
export function syntaxErrors(fileName: string, text: string): string {
  const sf = parse(fileName, text) as ts.SourceFile & { parseDiagnostics?: ts.Diagnostic[] };
  return (sf.parseDiagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; ');
}

function indentUnit(text: string): string {
  if (/^\t/m.test(text)) return '\t';
  const widths = [...text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
  const min = widths.length > 0 ? Math.min(...widths) : 2;
  return ' '.repeat(min >= 2 && min <= 4 ? min : 2);
}

function templateRanges(sf: ts.SourceFile): [number, number][] {
  const out: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) {
      out.push([node.getStart(sf), node.getEnd()]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The statement holding `node` directly in a statement list, with that list. */
function statementOf(node: ts.Node): { statement: ts.Statement; list: ts.NodeArray<ts.Statement> } | undefined {
  for (let n: ts.Node = node; n.parent; n = n.parent) {
    const parent = n.parent;
    if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) {
      return { statement: n as ts.Statement, list: parent.statements };
    }
  }
  return undefined;
}

/** The innermost function holding `node`. */
function functionOf(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}

function hasFunctionBetween(node: ts.Node, outer: ts.Node): boolean {
  for (let n = node.parent; n && n !== outer; n = n.parent) if (ts.isFunctionLike(n)) return true;
  return false;
}

/** Returns, throws, breaks and continues of `node` itself (not of functions inside it). */
function jumps(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n) || ts.isThrowStatement(n) || ts.isBreakStatement(n) || ts.isContinueStatement(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

function descendants(node: ts.Node, test: (n: ts.Node) => boolean): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (test(n)) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** Functions whose body asks (directly, not through a nested function). */
function askingFunctions(file: File): ts.SignatureDeclaration[] {
  return [...new Set(file.questions().map((q) => functionOf(q.node)).filter((f): f is ts.SignatureDeclaration => !!f))];
}

function questionStatements(file: File): { site: ScannedSite; statement: ts.Statement; list: ts.NodeArray<ts.Statement> }[] {
  return file.questions().flatMap((site) => {
    const at = statementOf(site.node);
    return at && !ts.isSourceFile(at.statement.parent) ? [{ site, ...at }] : [];
  });
}

function insertBefore(file: File, statement: ts.Statement, lines: string[]): TextEdit {
  const indent = file.indentAt(statement.getStart(file.sf));
  return { start: statement.getStart(file.sf), end: statement.getStart(file.sf), text: lines.map((l) => l + file.eol + indent).join('') };
}

function insertAfter(file: File, statement: ts.Statement, lines: string[]): TextEdit {
  const indent = file.indentAt(statement.getStart(file.sf));
  return { start: statement.getEnd(), end: statement.getEnd(), text: lines.map((l) => file.eol + indent + l).join('') };
}

// ---------------------------------------------------------------------------------------------
// The mutations

/** Statements from a question's (or an earlier one) to the end of its block, or the question alone. */
function pickRange(file: File, rng: Rng): { list: ts.NodeArray<ts.Statement>; from: number; to: number; tail: boolean } | undefined {
  const spots = questionStatements(file);
  if (spots.length === 0) return undefined;
  const { statement, list } = rng.pick(spots);
  const k = list.indexOf(statement);
  const alone = ts.isExpressionStatement(statement) || ts.isIfStatement(statement);
  if (alone && rng.next() < 0.35) return { list, from: k, to: k, tail: false };
  return { list, from: rng.int(k + 1), to: list.length - 1, tail: true };
}

function wrap(file: File, rng: Rng, open: string, close: (indent: string, tail: boolean) => string): string | undefined {
  const range = pickRange(file, rng);
  if (!range) return undefined;
  const start = range.list[range.from].getStart(file.sf);
  const end = range.list[range.to].getEnd();
  const indent = file.indentAt(start);
  const body = file.indented(start, end, file.unit);
  return file.edit([{ start, end, text: `${open}${file.eol}${indent}${file.unit}${body}${file.eol}${indent}${close(indent, range.tail)}` }]);
}

const wrapIf: Mutation = {
  id: 'wrap-if',
  apply(source, rng) {
    const file = new File(source);
    // Always true at run time; around a block's tail, the else branch keeps every path returning.
    return wrap(file, rng, 'if (Math.random() >= 0) {', (indent, tail) =>
      tail ? `} else {${file.eol}${indent}${file.unit}throw new Error('fuzz: unreachable');${file.eol}${indent}}` : '}');
  },
};

const wrapTry: Mutation = {
  id: 'wrap-try',
  apply(source, rng) {
    const file = new File(source);
    const finallyBlock = rng.next() < 0.5;
    return wrap(file, rng, 'try {', (indent) => finallyBlock
      ? `} finally {${file.eol}${indent}${file.unit}console.log('fuzz: finally');${file.eol}${indent}}`
      : `} catch (error) {${file.eol}${indent}${file.unit}throw error;${file.eol}${indent}}`);
  },
};

/** A question moved into a helper: an arrow inside the handler, or a module function taking the context. */
const wrapHelper: Mutation = {
  id: 'wrap-helper',
  apply(source, rng, n) {
    const file = new File(source);
    const spots = questionStatements(file).filter(({ site, statement }) => !hasFunctionBetween(site.node, statement));
    if (spots.length === 0) return undefined;
    const { site, statement } = rng.pick(spots);
    const call = site.node as ts.CallExpression;
    const callee = call.expression;
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const receiver = ts.isPropertyAccessExpression(callee) ? callee.expression : undefined;
    const typed = !/\.[cm]?jsx?$/.test(source.fileName) && /@modelcontextprotocol\/server['"]/.test(source.text);
    if (typed && receiver && ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'mcpReq' && ts.isIdentifier(receiver.expression) &&
      (method === 'elicitInput' || method === 'requestSampling') && call.arguments.length === 1 && rng.next() < 0.5) {
      const ctx = receiver.expression.text;
      const helper = [
        '',
        `async function fuzzAsk${n}(c: FuzzServerContext${n}, p: Parameters<FuzzServerContext${n}['mcpReq']['${method}']>[0]) {`,
        `${file.unit}return c.mcpReq.${method}(p);`,
        '}',
        '',
      ].join(file.eol);
      const lastImport = file.sf.statements.filter(ts.isImportDeclaration).at(-1);
      const importAt = lastImport ? lastImport.getEnd() : 0;
      return file.edit([
        { start: importAt, end: importAt, text: `${lastImport ? file.eol : ''}import type { ServerContext as FuzzServerContext${n} } from '@modelcontextprotocol/server';${lastImport ? '' : file.eol}` },
        { start: call.getStart(file.sf), end: call.getEnd(), text: `fuzzAsk${n}(${ctx}, ${call.arguments[0].getText(file.sf)})` },
        { start: file.text.length, end: file.text.length, text: helper },
      ]);
    }
    return file.edit([
      insertBefore(file, statement, [`const fuzzAsk${n} = () => ${call.getText(file.sf)};`]),
      { start: call.getStart(file.sf), end: call.getEnd(), text: `fuzzAsk${n}()` },
    ]);
  },
};

/** `const answer = await <elicitation>` followed by a later question: a guard narrows the answer, used after that question. */
const guardNarrow: Mutation = {
  id: 'guard-narrow',
  apply(source, rng) {
    const file = new File(source);
    const spots = questionStatements(file);
    const answers = spots.flatMap(({ site, statement, list }) => {
      if (!/elicit/i.test(site.api) || !ts.isVariableStatement(statement)) return [];
      const [decl] = statement.declarationList.declarations;
      if (statement.declarationList.declarations.length !== 1 || !ts.isIdentifier(decl.name)) return [];
      if (!decl.initializer || !ts.isAwaitExpression(decl.initializer) || decl.initializer.expression !== site.node) return [];
      const later = spots.filter((s) => s.list === list && list.indexOf(s.statement) > list.indexOf(statement));
      return later.length > 0 ? [{ name: decl.name.text, statement, later }] : [];
    });
    if (answers.length === 0) return undefined;
    const { name, statement, later } = rng.pick(answers);
    const next = rng.pick(later).statement;
    const guard = [
      `if (${name}.action !== 'accept' || !${name}.content) {`,
      `${file.unit}throw new Error('fuzz: no answer');`,
      '}',
    ];
    const use = `console.log(Object.keys(${name}.content).length);`;
    return file.edit([
      insertAfter(file, statement, guard),
      rng.next() < 0.7 ? insertAfter(file, next, [use]) : insertBefore(file, next, [use]),
    ]);
  },
};

function symbolsIn(file: File, node: ts.Node): { read: Set<ts.Symbol>; written: Set<ts.Symbol>; declared: Set<ts.Symbol> } {
  const checker = file.checker();
  const read = new Set<ts.Symbol>();
  const written = new Set<ts.Symbol>();
  const declared = new Set<ts.Symbol>();
  for (const id of descendants(node, ts.isIdentifier) as ts.Identifier[]) {
    const parent = id.parent;
    const symbol = ts.isShorthandPropertyAssignment(parent) ? checker.getShorthandAssignmentValueSymbol(parent) : checker.getSymbolAtLocation(id);
    if (!symbol) continue;
    if ((ts.isVariableDeclaration(parent) || ts.isBindingElement(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent)) && parent.name === id) {
      declared.add(symbol);
      continue;
    }
    read.add(symbol);
    const assigned = (ts.isBinaryExpression(parent) && parent.left === id && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) ||
      ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken));
    if (assigned) written.add(symbol);
  }
  return { read, written, declared };
}

const intersects = <T>(a: Set<T>, b: Set<T>): boolean => [...a].some((x) => b.has(x));

/** Two adjacent statements of an asking function that do not read or write each other's names, swapped. */
const reorder: Mutation = {
  id: 'reorder',
  apply(source, rng) {
    const file = new File(source);
    const pairs: [ts.Statement, ts.Statement][] = [];
    for (const fn of askingFunctions(file)) {
      for (const block of descendants(fn, ts.isBlock) as ts.Block[]) {
        if (functionOf(block) !== fn) continue;
        const list = block.statements;
        for (let i = 0; i + 1 < list.length; i++) {
          const [a, b] = [list[i], list[i + 1]];
          if ([a, b].some((s) => jumps(s) || ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isTypeAliasDeclaration(s))) continue;
          pairs.push([a, b]);
        }
      }
    }
    for (let tries = 0; tries < 6 && pairs.length > 0; tries++) {
      const [a, b] = pairs.splice(rng.int(pairs.length), 1)[0];
      const sa = symbolsIn(file, a);
      const sb = symbolsIn(file, b);
      if (intersects(sa.declared, sb.read) || intersects(sb.declared, sa.read) || intersects(sa.written, sb.read) || intersects(sb.written, sa.read)) continue;
      const aText = file.text.slice(a.getStart(file.sf), a.getEnd());
      const bText = file.text.slice(b.getStart(file.sf), b.getEnd());
      return file.edit([
        { start: a.getStart(file.sf), end: a.getEnd(), text: bText },
        { start: b.getStart(file.sf), end: b.getEnd(), text: aText },
      ]);
    }
    return undefined;
  },
};

/** Names that collide with what the migration generates or reads, and plain fresh ones. */
const NEW_NAMES = ['state', 'answer', 'input', 'result', 'request', 'step', 'ctx', 'args', 'elicitationId', 'value', 'inputRequired', 'mrtrState', 'elicitAnswer', 'confirm', 'data', 'error', '_', '$x'];

/** A local or parameter of an asking function renamed everywhere it is used. */
const rename: Mutation = {
  id: 'rename',
  apply(source, rng, n) {
    const file = new File(source);
    const checker = file.checker();
    const names: ts.Identifier[] = [];
    for (const fn of askingFunctions(file)) {
      for (const id of descendants(fn, ts.isIdentifier) as ts.Identifier[]) {
        const p = id.parent;
        if ((ts.isVariableDeclaration(p) || ts.isBindingElement(p) || ts.isParameter(p)) && p.name === id) names.push(id);
      }
    }
    if (names.length === 0) return undefined;
    const target = rng.pick(names);
    const symbol = checker.getSymbolAtLocation(target);
    if (!symbol) return undefined;
    const fresh = rng.next() < 0.6 ? rng.pick(NEW_NAMES) : `${target.text}Renamed${n}`;
    if (fresh === target.text) return undefined;
    const edits: TextEdit[] = [];
    for (const id of descendants(file.sf, ts.isIdentifier) as ts.Identifier[]) {
      const p = id.parent;
      if (ts.isShorthandPropertyAssignment(p) && p.name === id) {
        if (checker.getShorthandAssignmentValueSymbol(p) === symbol) edits.push({ start: id.getStart(file.sf), end: id.getEnd(), text: `${id.text}: ${fresh}` });
        continue;
      }
      if (checker.getSymbolAtLocation(id) !== symbol) continue;
      // `{ city }` destructured: the property keeps its name.
      if (ts.isBindingElement(p) && p.name === id && !p.propertyName && ts.isObjectBindingPattern(p.parent)) {
        edits.push({ start: id.getStart(file.sf), end: id.getEnd(), text: `${id.text}: ${fresh}` });
      } else {
        edits.push({ start: id.getStart(file.sf), end: id.getEnd(), text: fresh });
      }
    }
    return edits.length > 0 ? file.edit(edits) : undefined;
  },
};

/** A question's message moved into a const before it, or the question call itself (awaited later). */
const extractConst: Mutation = {
  id: 'extract-const',
  apply(source, rng, n) {
    const file = new File(source);
    const spots = questionStatements(file).filter(({ site, statement }) => !hasFunctionBetween(site.node, statement));
    if (spots.length === 0) return undefined;
    const { site, statement } = rng.pick(spots);
    const call = site.node as ts.CallExpression;
    const params = call.arguments[0];
    const message = params && ts.isObjectLiteralExpression(params)
      ? params.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(file.sf) === 'message')
      : undefined;
    if (message && rng.next() < 0.6) {
      const init = message.initializer;
      return file.edit([
        insertBefore(file, statement, [`const fuzzMessage${n} = ${init.getText(file.sf)};`]),
        { start: init.getStart(file.sf), end: init.getEnd(), text: `fuzzMessage${n}` },
      ]);
    }
    if (!ts.isAwaitExpression(call.parent)) return undefined;
    return file.edit([
      insertBefore(file, statement, [`const fuzzPending${n} = ${call.getText(file.sf)};`]),
      { start: call.getStart(file.sf), end: call.getEnd(), text: `fuzzPending${n}` },
    ]);
  },
};

function awaits(e: ts.Node): boolean {
  return descendants(e, (n) => ts.isAwaitExpression(n) || ts.isYieldExpression(n)).some((n) => !hasFunctionBetween(n, e));
}

/** A const of an asking function read once, replaced by its value (evaluated there instead). */
const inlineConst: Mutation = {
  id: 'inline-const',
  apply(source, rng) {
    const file = new File(source);
    const checker = file.checker();
    const candidates: { statement: ts.VariableStatement; decl: ts.VariableDeclaration & { name: ts.Identifier; initializer: ts.Expression }; ref: ts.Identifier }[] = [];
    for (const fn of askingFunctions(file)) {
      for (const statement of descendants(fn, ts.isVariableStatement) as ts.VariableStatement[]) {
        const list = statement.declarationList;
        if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) continue;
        const decl = list.declarations[0];
        if (!ts.isIdentifier(decl.name) || !decl.initializer || decl.type || awaits(decl.initializer)) continue;
        const symbol = checker.getSymbolAtLocation(decl.name);
        const refs = (descendants(fn, ts.isIdentifier) as ts.Identifier[]).filter((id) => id !== decl.name &&
          (ts.isShorthandPropertyAssignment(id.parent) ? checker.getShorthandAssignmentValueSymbol(id.parent) : checker.getSymbolAtLocation(id)) === symbol);
        if (refs.length === 1 && refs[0].getStart(file.sf) > statement.getEnd()) candidates.push({ statement, decl: decl as never, ref: refs[0] });
      }
    }
    if (candidates.length === 0) return undefined;
    const { statement, decl, ref } = rng.pick(candidates);
    const value = decl.initializer.getText(file.sf);
    const replacement = ts.isShorthandPropertyAssignment(ref.parent) ? `${ref.text}: ${value}` : ts.isIdentifier(decl.initializer) || ts.isStringLiteral(decl.initializer) ? value : `(${value})`;
    const lineStart = file.text.lastIndexOf('\n', statement.getStart(file.sf) - 1) + 1;
    const onlyThere = file.text.slice(lineStart, statement.getStart(file.sf)).trim() === '' && /^[ \t]*\r?\n/.test(file.text.slice(statement.getEnd()));
    const end = onlyThere ? file.text.indexOf('\n', statement.getEnd()) + 1 : statement.getEnd();
    return file.edit([
      { start: onlyThere ? lineStart : statement.getStart(file.sf), end, text: '' },
      { start: ref.getStart(file.sf), end: ref.getEnd(), text: replacement },
    ]);
  },
};

/** Methods that register a handler (`server.registerTool(…)`, v1 `server.tool(…)`, low-level `setRequestHandler`). */
export const REGISTRATIONS = new Set(['registerTool', 'registerPrompt', 'registerResource', 'setRequestHandler', 'tool', 'prompt', 'resource']);

/** A registration that asks moved into a class method or an object method, called right away. */
const intoClass: Mutation = {
  id: 'into-class',
  apply(source, rng, n) {
    const file = new File(source);
    const registrations = [...new Set(file.questions().flatMap((q) => {
      for (let node: ts.Node = q.node; node.parent; node = node.parent) {
        if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression) && ts.isPropertyAccessExpression(node.expression.expression) &&
          REGISTRATIONS.has(node.expression.expression.name.text)) return [node];
      }
      return [];
    }))];
    if (registrations.length === 0) return undefined;
    const statement = rng.pick(registrations);
    const start = statement.getStart(file.sf);
    const indent = file.indentAt(start);
    const { unit, eol } = file;
    const body = file.indented(start, statement.getEnd(), unit + unit);
    const typed = !/\.[cm]?jsx?$/.test(source.fileName);
    const text = rng.next() < 0.5
      ? [`class FuzzRegistrar${n} {`, `${indent}${unit}register()${typed ? ': void' : ''} {`, `${indent}${unit}${unit}${body}`, `${indent}${unit}}`, `${indent}}`, `${indent}new FuzzRegistrar${n}().register();`].join(eol)
      : [`const fuzzRegistrar${n} = {`, `${indent}${unit}register()${typed ? ': void' : ''} {`, `${indent}${unit}${unit}${body}`, `${indent}${unit}},`, `${indent}};`, `${indent}fuzzRegistrar${n}.register();`].join(eol);
    return file.edit([{ start, end: statement.getEnd(), text }]);
  },
};

/** `as const` on a literal of an asking function: a const's initialiser, or a property's string or number. */
const asConst: Mutation = {
  id: 'as-const',
  apply(source, rng) {
    if (/\.[cm]?jsx?$/.test(source.fileName)) return undefined;
    const file = new File(source);
    const literals: ts.Expression[] = [];
    const isLiteral = (e: ts.Node) => ts.isStringLiteral(e) || ts.isNumericLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e);
    for (const fn of askingFunctions(file)) {
      for (const decl of descendants(fn, ts.isVariableDeclaration) as ts.VariableDeclaration[]) {
        const init = decl.initializer;
        if (init && !decl.type && decl.parent.flags & ts.NodeFlags.Const && (isLiteral(init) || ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init))) literals.push(init);
      }
      for (const prop of descendants(fn, ts.isPropertyAssignment) as ts.PropertyAssignment[]) {
        if (isLiteral(prop.initializer)) literals.push(prop.initializer);
      }
    }
    if (literals.length === 0) return undefined;
    const literal = rng.pick(literals);
    return file.edit([{ start: literal.getEnd(), end: literal.getEnd(), text: ' as const' }]);
  },
};

/** A local with a precise type declared before a question and read after it: its type must cross the split. */
const typedLocal: Mutation = {
  id: 'typed-local',
  apply(source, rng, n) {
    if (/\.[cm]?jsx?$/.test(source.fileName)) return undefined;
    const file = new File(source);
    const spots = questionStatements(file);
    if (spots.length === 0) return undefined;
    const { statement } = rng.pick(spots);
    const shapes: [string[], string][] = [
      [[`const fuzzTag${n} = \`tag-\${String(Date.now())}\` as \`tag-\${string}\`;`], `const fuzzTagCheck${n}: \`tag-\${string}\` = fuzzTag${n};`],
      [[`const fuzzId${n} = String(Date.now()) as string & { readonly __brand: 'FuzzId' };`], `const fuzzIdCheck${n}: string & { readonly __brand: 'FuzzId' } = fuzzId${n};`],
      [[`type FuzzShape${n} = { readonly tag: \`tag-\${string}\`; readonly at: number };`, `const fuzzShape${n}: FuzzShape${n} = { tag: 'tag-1', at: Date.now() };`], `const fuzzShapeCheck${n}: FuzzShape${n} = fuzzShape${n};`],
      [[`const fuzzMode${n}: 'fast' | 'safe' = Math.random() > 2 ? 'fast' : 'safe';`], `const fuzzModeCheck${n}: 'fast' | 'safe' = fuzzMode${n};`],
      [[`const fuzzConfig${n} = { mode: 'fast', retries: 3 } as const;`], `const fuzzConfigCheck${n}: { readonly mode: 'fast'; readonly retries: 3 } = fuzzConfig${n};`],
      [[`const fuzzWhen${n} = new Date();`], `const fuzzWhenCheck${n}: Date = fuzzWhen${n};`],
    ];
    const [declare, use] = rng.pick(shapes);
    return file.edit([insertBefore(file, statement, declare), insertAfter(file, statement, [use])]);
  },
};

const crlf: Mutation = {
  id: 'crlf',
  apply(source) {
    return source.text.includes('\r\n') ? undefined : source.text.replace(/\n/g, '\r\n');
  },
};

const tabs: Mutation = {
  id: 'tabs',
  apply(source) {
    const file = new File(source);
    if (file.unit === '\t') return undefined;
    const frozen = templateRanges(file.sf);
    const edits: TextEdit[] = [];
    for (const m of source.text.matchAll(/^( +)(?=\S)/gm)) {
      const at = m.index;
      if (frozen.some(([s, e]) => s < at && at < e)) continue;
      const width = m[1].length;
      edits.push({ start: at, end: at + width, text: '\t'.repeat(Math.floor(width / file.unit.length)) + ' '.repeat(width % file.unit.length) });
    }
    return edits.length > 0 ? file.edit(edits) : undefined;
  },
};

/** Comments where markers and rewrites must keep them: a line above a question, after `await`, at a line's end. */
const comments: Mutation = {
  id: 'comments',
  apply(source, rng, n) {
    const file = new File(source);
    const spots = questionStatements(file);
    if (spots.length === 0) return undefined;
    const { site, statement } = rng.pick(spots);
    const choice = rng.int(3);
    if (choice === 0) return file.edit([insertBefore(file, statement, [`// fuzz: a note ${n}`])]);
    if (choice === 1 && ts.isAwaitExpression(site.node.parent)) {
      const at = site.node.getStart(file.sf);
      return file.edit([{ start: at, end: at, text: `/* fuzz ${n} */ ` }]);
    }
    return file.edit([{ start: statement.getEnd(), end: statement.getEnd(), text: ` // fuzz: trailing ${n}` }]);
  },
};

export const MUTATIONS: readonly Mutation[] = [
  wrapIf, wrapTry, wrapHelper, guardNarrow, reorder, rename, extractConst, inlineConst, intoClass, asConst, typedLocal, crlf, tabs, comments, decoysMutation,
];
