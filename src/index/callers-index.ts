// Cross-file mode, the other direction: for a module that asks the client, where the other files of
// the run use what it exports (called in a request handler, stored as a member of a context object,
// called by a plain function, handed on as a value), and which of its exports the package publishes
// from its entry module (its public API). A finding on a question in a function that is no handler
// says what was found here instead of guessing (site-findings.ts). Plain data, handed to the
// module's own task.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Node, SyntaxKind, ts, type SourceFile } from '../ts-morph.js';
import { describeHandler, findHandlers, type HandlerInfo } from '../analysis/handlers.js';
import { referencesTo } from '../ast/resolve.js';
import { awaitedOrReturned, calledAt, climb, enclosingFunction, nameOf } from '../analysis/reach.js';
import { parseOnTheSide } from '../ast/side-parse.js';
import { thunkRuns, type ThunkRun } from '../analysis/wrapper-chains.js';
import { PackageResolver } from '../discover/workspace.js';

export interface CallerUse {
  /** The place, relative to the module's directory: `../tools/orgs.ts:965`. */
  at: string;
  kind: 'handler' | 'member' | 'function' | 'definition' | 'top-level' | 'value';
  /**
   * handler: `tool handler x`; member: the property (`elicit`); function: its name; definition: the
   * function member of a tool definition object (`the handler of tool definition createAppTool`);
   * value: what it is handed to.
   */
  detail: string;
  /** A call neither awaited nor returned: it runs on after the caller has moved on. */
  detached?: boolean;
  /**
   * The call's result is held in a const (`const ask = makeAsker(server)`) and handed as an argument
   * to calls in request handlers of that file (a dispatcher giving it to the tool functions it runs):
   * one entry per such call.
   */
  handedOn?: { holder: string; callee: string; handler: string; at: string }[];
  /**
   * function: a function a request handler of that file runs inside a closure it hands to a wrapper
   * (`trace(async () => run(args, ctx))`, wrapper-chains.ts thunkRuns): why it is not migrated, said
   * of the function ("tool handler x runs it inside …").
   */
  wrapped?: string;
  /**
   * function: the request handlers of that file that call the function themselves, by its name
   * (`return handleTileImage(server, …)` in a tool callback): the way from a handler to the
   * question, one function longer than a helper the handler calls.
   */
  calledByHandlers?: { handler: string; at: string }[];
}

export interface ModuleCallers {
  /** The package entry (relative to the module's directory) and the names of this module it exports. */
  publicApi?: { entry: string; names: string[] };
  /** Per exported name: its uses in the other files of the run. */
  uses: Record<string, CallerUse[]>;
  /** Files importing the module whose calls the run does not update (outside its paths, or tests). */
  outside?: OutsideImporter[];
  /**
   * Per public method of an exported class (`Class.method`): calls of a method of that name in files
   * that do not import the module, where the receiver's type is not the class as written (an
   * interface of another package it is handed through): places, relative to the module's directory.
   */
  sameNameCalls?: Record<string, string[]>;
}

/** A file that imports the module and that the run does not update (step-machine/plan/outside-callers.ts). */
export interface OutsideImporter {
  absPath: string;
  /** Its display path (relative to the working directory), for findings. */
  path: string;
  text: string;
  /** The specifier it imports the module under. */
  specifier: string;
}

interface IndexedFile {
  absPath: string;
  text: string;
}

/**
 * `askers`: the modules whose uses to find; `importsOfFile`: per file, the modules of the run it
 * imports as the compiler resolves them ([specifier, absolute path]); relative imports of files whose
 * tsconfig did not load are resolved here by path. Uses in test files are left out: a test calling
 * a function is no request path.
 */
export function buildCallersIndex(
  candidates: readonly IndexedFile[],
  askers: ReadonlySet<string>,
  importsOfFile: ReadonlyMap<string, [string, string][]>,
  // Files of the run the candidate prefilter skipped (nothing in them to migrate): read for their
  // uses of the askers' exports only (a tool module calling a helper through an index module).
  others: readonly IndexedFile[] = [],
): Map<string, ModuleCallers> {
  const files = [...candidates, ...others];
  const byPath = new Map(candidates.map((f) => [path.normalize(f.absPath), f]));
  const index = new Map<string, ModuleCallers>();
  const methods = new Map<string, Map<string, string>>();
  for (const asker of askers) {
    index.set(asker, { uses: {} });
    methods.set(asker, publicMethods(byPath.get(asker)!.text));
  }
  const barrels = barrelsOf(files, askers, importsOfFile);
  for (const file of files) {
    if (TEST_FILE.test(file.absPath)) continue;
    const imported = importsOfFile.get(file.absPath) ?? relativeImports(file);
    const wanted = imported.filter(([, target]) => askers.has(target) && target !== path.normalize(file.absPath));
    // One entry per specifier: importedRefs reads every import declaration of it at once.
    const throughBarrels = [...new Map(imported.filter(([, target]) => barrels.has(target) && target !== path.normalize(file.absPath))).entries()];
    if (wanted.length === 0 && throughBarrels.length === 0) {
      noteSameNameCalls(file, index, methods);
      continue;
    }
    const parsed = parseOnTheSide(file.absPath, file.text);
    try {
      const handlers = findHandlers(parsed.sourceFile);
      const runs = thunkRuns(parsed.sourceFile, handlers);
      // The uses of an asker's export `name` at `refs`.
      const add = (asker: string, name: string, refs: Node[]) => {
        const entry = index.get(asker)!;
        entry.uses[name] = [...(entry.uses[name] ?? []), ...refs.map((ref) => useOf(ref, handlers, path.dirname(asker), runs))];
      };
      for (const [specifier, target] of wanted) {
        for (const [name, refs] of importedRefs(parsed.sourceFile, specifier)) add(target, name, refs);
        // Methods of the module's exported classes, called on any receiver (`this.elicitation.confirm(…)`).
        for (const [method, owner] of methods.get(target)!) add(target, `${owner}.${method}`, methodCalls(parsed.sourceFile, method));
      }
      // Names imported from a module that re-exports them from an asker: uses of the asker's names.
      for (const [specifier, barrel] of throughBarrels) {
        const refs = importedRefs(parsed.sourceFile, specifier);
        for (const { asker, names } of barrels.get(barrel)!) {
          if (asker === path.normalize(file.absPath)) continue;
          for (const [name, nodes] of refs) {
            const original = names === 'all' ? name : names.get(name);
            if (original !== undefined) add(asker, original, nodes);
          }
        }
      }
    } finally {
      parsed.dispose();
    }
  }
  const published = publicExports(candidates);
  for (const [asker, entry] of index) {
    const api = published.get(asker);
    if (api) entry.publicApi = { entry: relative(path.dirname(asker), api.entry), names: [...api.names].sort() };
  }
  return index;
}

/**
 * Modules of the run that re-export names of an asker (`export { a, b as c } from './ask.js'`,
 * `export * from './ask.js'`: an index module), one level deep: per module, the asker and its
 * names as the module exports them (exported name → the asker's name), or all of them.
 */
function barrelsOf(files: readonly IndexedFile[], askers: ReadonlySet<string>, importsOfFile: ReadonlyMap<string, [string, string][]>): Map<string, { asker: string; names: Map<string, string> | 'all' }[]> {
  const barrels = new Map<string, { asker: string; names: Map<string, string> | 'all' }[]>();
  for (const file of files) {
    if (!/\bexport\s*(\*|\{)/.test(file.text)) continue;
    const resolved = new Map(importsOfFile.get(file.absPath) ?? relativeImports(file));
    const source = ts.createSourceFile(file.absPath, file.text, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const asker = resolved.get(statement.moduleSpecifier.text);
      if (!asker || !askers.has(asker) || asker === path.normalize(file.absPath)) continue;
      let names: Map<string, string> | 'all' | undefined;
      if (!statement.exportClause) names = 'all';
      else if (ts.isNamedExports(statement.exportClause)) {
        names = new Map(statement.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => [e.name.text, (e.propertyName ?? e.name).text]));
      }
      if (names === undefined) continue;
      const key = path.normalize(file.absPath);
      barrels.set(key, [...(barrels.get(key) ?? []), { asker, names }]);
    }
  }
  return barrels;
}

export const TEST_FILE = /(\.(test|spec)\.[cm]?[jt]sx?$)|([\\/](__tests__|__mocks__)[\\/])/;

/** Relative imports of a file, resolved by path (`./x.js` → `./x.ts`, `./dir` → `./dir/index.ts`). */
function relativeImports(file: IndexedFile): [string, string][] {
  return ts.preProcessFile(file.text, true, false).importedFiles.map((i) => i.fileName).flatMap((specifier): [string, string][] => {
    const target = resolveRelative(file.absPath, specifier);
    return target ? [[specifier, target]] : [];
  });
}

/** Public methods of the exported classes of a module: method → class. */
function publicMethods(text: string): Map<string, string> {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false);
  const found = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name || !ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const hidden = ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
      if (!hidden) found.set(member.name.text, statement.name.text);
    }
  }
  return found;
}

/** The SDK's own asking methods: a call of one by name is the SDK's, not a class's method named like it. */
const SDK_PUSH_METHOD = /^(elicitInput|requestSampling|createMessage|listRoots|send|sendRequest|request|createElicitationCompletionNotifier)$/;

/** Calls in `file` (which imports none of the askers) of a method named like a public method of an asker's class. */
function noteSameNameCalls(file: IndexedFile, index: Map<string, ModuleCallers>, methods: Map<string, Map<string, string>>): void {
  let parsed: ReturnType<typeof parseOnTheSide> | undefined;
  try {
    for (const [asker, own] of methods) {
      if (asker === path.normalize(file.absPath)) continue;
      for (const [method, owner] of own) {
        if (SDK_PUSH_METHOD.test(method) || !file.text.includes(`.${method}(`)) continue;
        parsed ??= parseOnTheSide(file.absPath, file.text);
        const at = methodCalls(parsed.sourceFile, method).map((ref) => `${relative(path.dirname(asker), file.absPath)}:${ref.getStartLineNumber()}`);
        const entry = index.get(asker)!;
        if (at.length > 0) (entry.sameNameCalls ??= {})[`${owner}.${method}`] = [...(entry.sameNameCalls?.[`${owner}.${method}`] ?? []), ...at];
      }
    }
  } finally {
    parsed?.dispose();
  }
}

/**
 * `<anything>.method(…)` calls in a file: the property name node of each. A `this.method(…)` in a
 * class that has its own `method` (declared in it or in a superclass of this file) is that class's
 * call, not a call of another module's class: counting it would also make the finding name files
 * whose calls the run then lifts, and a second run would say something else.
 */
function methodCalls(file: SourceFile, method: string): Node[] {
  return file.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)
    .filter((p) => p.getName() === method && Node.isCallExpression(p.getParent()) && (p.getParent() as Node & { getExpression(): Node }).getExpression() === p)
    .filter((p) => !(Node.isThisExpression(p.getExpression()) && ownMethodOfEnclosingClass(p, method)))
    .map((p) => p.getNameNode());
}

/** Whether the class `this` stands for at `at` declares `method`, itself or through superclasses declared in the same file. */
function ownMethodOfEnclosingClass(at: Node, method: string): boolean {
  const file = at.getSourceFile();
  let current = at.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a) || Node.isFunctionDeclaration(a) || Node.isFunctionExpression(a) || Node.isObjectLiteralExpression(a));
  const seen = new Set<Node>();
  while (current && (Node.isClassDeclaration(current) || Node.isClassExpression(current)) && !seen.has(current)) {
    seen.add(current);
    if (current.getMembers().some((m) => (Node.isMethodDeclaration(m) || Node.isPropertyDeclaration(m)) && m.getName() === method)) return true;
    const base = current.getExtends()?.getExpression();
    current = base && Node.isIdentifier(base) ? file.getClass(base.getText()) : undefined;
  }
  return false;
}

/** The references of each name imported from `specifier`: `{ a as b }` (refs of b), `* as ns` (`ns.a`), default. */
export function importedRefs(file: SourceFile, specifier: string): Map<string, Node[]> {
  const refs = new Map<string, Node[]>();
  const add = (name: string, nodes: Node[]) => refs.set(name, [...(refs.get(name) ?? []), ...nodes]);
  const identifiers = file.getDescendantsOfKind(SyntaxKind.Identifier);
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== specifier || declaration.isTypeOnly()) continue;
    const byLocal = (local: string) => identifiers.filter((id) => id.getText() === local && !isDeclarationName(id));
    for (const spec of declaration.getNamedImports()) {
      if (!spec.isTypeOnly()) add(spec.getName(), byLocal((spec.getAliasNode() ?? spec.getNameNode()).getText()));
    }
    const defaultImport = declaration.getDefaultImport();
    if (defaultImport) add('default', byLocal(defaultImport.getText()));
    const namespace = declaration.getNamespaceImport()?.getText();
    if (namespace) {
      for (const access of file.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
        if (access.getExpression().getText() === namespace) add(access.getName(), [access]);
      }
    }
  }
  return refs;
}

function isDeclarationName(id: Node): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  if (Node.isImportSpecifier(parent) || Node.isImportClause(parent) || Node.isNamespaceImport(parent)) return true;
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return true;
  return Node.isPropertyAssignment(parent) && parent.getNameNode() === id;
}

/** How the other file uses the name at `ref`. */
function useOf(ref: Node, handlers: readonly HandlerInfo[], moduleDir: string, runs: readonly ThunkRun[] = []): CallerUse {
  const file = ref.getSourceFile();
  const at = `${relative(moduleDir, file.getFilePath())}:${ref.getStartLineNumber()}`;
  const call = calledAt(ref);
  if (!call) {
    const holder = climb(ref).getParent();
    const detail = holder && Node.isCallExpression(holder) ? `handed to ${holder.getExpression().getText().replace(/\s+/g, '')}()` : 'used as a value';
    return { at, kind: 'value', detail };
  }
  const inner = enclosingFunction(call);
  const held = inner && climb(inner).getParent();
  if (inner && held && (Node.isArrowFunction(inner) || Node.isFunctionExpression(inner))) {
    // The `handler` of a tool definition (`{ name, inputSchema, handler }`): a tool's own function,
    // registered elsewhere (through a table of definitions), not an asking API it offers others.
    if (Node.isPropertyAssignment(held) && toolDefinitionMember(held)) {
      const owner = held.getParent();
      const holder = owner && climb(owner).getParent();
      const defName = holder && Node.isVariableDeclaration(holder) ? holder.getName() : undefined;
      return { at, kind: 'definition', detail: `the ${held.getName()} of tool definition ${defName ?? 'an object literal'}` };
    }
    if (Node.isPropertyAssignment(held)) return { at, kind: 'member', detail: held.getName() };
    if (Node.isBinaryExpression(held) && held.getRight() === climb(inner)) {
      const target = held.getLeft();
      if (Node.isPropertyAccessExpression(target)) return { at, kind: 'member', detail: target.getName() };
    }
  }
  const handler = handlerAround(call, handlers);
  const detached = !awaitedOrReturned(call);
  if (handler) return { at, kind: 'handler', detail: describeHandler(handler), ...(detached ? { detached } : {}) };
  const handedOn = handedOnInHandlers(call, handlers, moduleDir);
  const more = handedOn.length > 0 ? { handedOn } : {};
  if (!inner) return { at, kind: 'top-level', detail: 'module top level', ...more };
  const run = runs.find((r) => r.fn === inner);
  if (run) {
    const detail = nameOf(inner) ?? (run.holder ? `the function held in \`${run.holder}\`` : 'an anonymous function');
    return { at, kind: 'function', detail, wrapped: run.message, ...(detached ? { detached } : {}), ...more };
  }
  const calledBy = handlerCallsOf(inner, handlers, moduleDir);
  return {
    at, kind: 'function', detail: nameOf(inner) ?? 'an anonymous function',
    ...(detached ? { detached } : {}), ...more, ...(calledBy.length > 0 ? { calledByHandlers: calledBy } : {}),
  };
}

/** Calls of the named function `fn` (a declaration, or a const holding it) inside request handlers of its file. */
function handlerCallsOf(fn: Node, handlers: readonly HandlerInfo[], moduleDir: string): NonNullable<CallerUse['calledByHandlers']> {
  const holder = climb(fn).getParent();
  const declaration = Node.isFunctionDeclaration(fn) ? fn : holder && Node.isVariableDeclaration(holder) ? holder : undefined;
  const nameNode = declaration?.getNameNode();
  if (!declaration || !nameNode || !Node.isIdentifier(nameNode)) return [];
  const found: NonNullable<CallerUse['calledByHandlers']> = [];
  for (const id of referencesTo(fn.getSourceFile(), nameNode.getText(), declaration)) {
    const call = climb(id).getParent();
    if (!call || !Node.isCallExpression(call) || climb(call.getExpression()) !== climb(id)) continue;
    const handler = handlerAround(call, handlers);
    if (handler) found.push({ handler: describeHandler(handler), at: `${relative(moduleDir, id.getSourceFile().getFilePath())}:${id.getStartLineNumber()}` });
  }
  return found;
}

/** `handler` / `execute` beside `name` and `inputSchema` (or `description`) in one object literal. */
function toolDefinitionMember(member: Node & { getName(): string }): boolean {
  if (!/^(handler|execute)$/.test(member.getName())) return false;
  const object = member.getParent();
  if (!object || !Node.isObjectLiteralExpression(object)) return false;
  const has = (name: string) => object.getProperty(name) !== undefined;
  return has('name') && (has('inputSchema') || has('description'));
}

/**
 * `const ask = makeAsker(server)` and then `tool.run(args, ask)` (or `tool.run(args, { ask })`) in a
 * request handler of the same file: where the made value is handed on as an argument inside handlers. The value is read, not
 * followed any further (what the callee does with it is the callee's).
 */
function handedOnInHandlers(call: Node, handlers: readonly HandlerInfo[], moduleDir: string): NonNullable<CallerUse['handedOn']> {
  const declaration = climb(call).getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || !Node.isIdentifier(declaration.getNameNode())) return [];
  const list = declaration.getVariableStatement()?.getDeclarationList();
  if (!list || list.getDeclarationKind() !== 'const') return [];
  const holder = declaration.getName();
  const scope = enclosingFunction(declaration) ?? declaration.getSourceFile();
  const found: NonNullable<CallerUse['handedOn']> = [];
  for (const id of referencesTo(scope, holder, declaration)) {
    // Handed as an argument, or as a property of an object literal that is one (`run(args, { ask })`).
    let value: Node = climb(id);
    const property = value.getParent();
    if (property && (Node.isShorthandPropertyAssignment(property) || (Node.isPropertyAssignment(property) && property.getInitializer() === value))) {
      const object = property.getParent();
      if (object && Node.isObjectLiteralExpression(object)) value = climb(object);
    }
    const argumentOf = value.getParent();
    if (!argumentOf || !Node.isCallExpression(argumentOf) || !argumentOf.getArguments().includes(value)) continue;
    const handler = handlerAround(argumentOf, handlers);
    if (!handler) continue;
    found.push({
      holder,
      callee: argumentOf.getExpression().getText().replace(/\s+/g, ''),
      handler: describeHandler(handler),
      at: `${relative(moduleDir, id.getSourceFile().getFilePath())}:${id.getStartLineNumber()}`,
    });
  }
  return found;
}

/** The request handler whose function holds `node`, if any. */
function handlerAround(node: Node, handlers: readonly HandlerInfo[]): HandlerInfo | undefined {
  return handlers.find((h) => h.fn.containsRange(node.getPos(), node.getEnd()));
}

function relative(fromDir: string, to: string): string {
  const rel = path.relative(fromDir, to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

// --- the package's public API ------------------------------------------------------------------

/**
 * Per module of the run: the names the package's entry module exports from it (through
 * `export * from` and `export { … } from`, a few levels deep), and that entry. The entry is
 * package.json's `exports['.']`, `main`, `module` or `types`, mapped back to its source file
 * (`dist/index.js` → `src/index.ts`), read from disk (an entry of re-exports only is no candidate file).
 */
function publicExports(files: readonly IndexedFile[]): Map<string, { entry: string; names: Set<string> }> {
  const result = new Map<string, { entry: string; names: Set<string> }>();
  const resolver = new PackageResolver();
  const roots = new Set<string>();
  for (const file of files) {
    const pkg = resolver.packageFor(file.absPath);
    if (pkg) roots.add(pkg.root);
  }
  for (const root of roots) {
    for (const entry of entryModules(root)) collect(entry, '*', entry, 0);
  }
  return result;

  function collect(module: string, names: Set<string> | '*', entry: string, depth: number): void {
    const text = depth > 4 ? undefined : readText(module);
    if (text === undefined) return;
    const info = exportsOf(text);
    const own = names === '*' ? info.local : new Set([...info.local].filter((n) => names.has(n)));
    if (own.size > 0) {
      const known = result.get(module) ?? { entry, names: new Set<string>() };
      for (const name of own) known.names.add(name);
      result.set(module, known);
    }
    for (const re of info.reexports) {
      const target = resolveRelative(module, re.from);
      if (!target) continue;
      const wanted = re.names === '*' ? names : new Set([...re.names].filter(([, exported]) => names === '*' || names.has(exported)).map(([local]) => local));
      collect(target, wanted, entry, depth + 1);
    }
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** What a module exports itself, and what it re-exports from where (`[local, exported]` pairs, or all). */
function exportsOf(text: string): { local: Set<string>; reexports: { from: string; names: [string, string][] | '*' }[] } {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false);
  const local = new Set<string>();
  const reexports: { from: string; names: [string, string][] | '*' }[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) local.add(statement.name.text);
    if (exported && ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) local.add(decl.name.text);
    }
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      if (from && !clause) reexports.push({ from, names: '*' });
      else if (clause && ts.isNamedExports(clause)) {
        const pairs = clause.elements.filter((e) => !e.isTypeOnly).map((e): [string, string] => [(e.propertyName ?? e.name).text, e.name.text]);
        if (from) reexports.push({ from, names: pairs });
        else for (const [name] of pairs) local.add(name);
      }
    }
  }
  return { local, reexports };
}

/** A relative specifier resolved by path to a source file that exists (`./x.js` → `./x.ts`). */
export function resolveRelative(fromModule: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromModule), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')]
    .map((p) => path.normalize(p)).find((p) => /\.[cm]?[jt]sx?$/.test(p) && existsSync(p));
}

/** The source modules that package.json at `root` names as its entry points. */
function entryModules(root: string): string[] {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return [];
  }
  const dot = (pkg.exports && typeof pkg.exports === 'object' ? (pkg.exports as Record<string, unknown>)['.'] ?? pkg.exports : pkg.exports) as unknown;
  const targets = [dot, pkg.main, pkg.module, pkg.types, pkg.typings].flatMap(strings);
  const found = new Set<string>();
  for (const target of targets) {
    const rel = target.replace(/^\.\//, '').replace(/\.d\.(m|c)?ts$/, '.js');
    const stem = rel.replace(/\.(m|c)?[jt]sx?$/, '');
    const parts = stem.split('/');
    // `dist/src/index` → src/index; `dist/index` → index, src/index.
    const candidates = [stem, parts.slice(1).join('/'), ['src', ...parts.slice(1)].join('/')].filter((c) => c.length > 0);
    for (const candidate of candidates) {
      const hit = resolveRelative(path.join(root, 'package.json'), `./${candidate}`);
      if (hit) {
        found.add(hit);
        break;
      }
    }
  }
  return [...found];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(strings);
  return [];
}
