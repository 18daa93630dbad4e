// Types of the values a step machine carries in requestState. A second, type-aware view of the file
// (real file system, so the user's own node_modules resolve) answers two questions per value: how to
// spell its type in the state declaration, and whether it survives JSON unchanged.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Node, Project, ts, type SourceFile, type Type } from '../ts-morph.js';
import { bundledSdkPaths } from '../bundled-sdk.js';
import { STANDARD_TYPES, trimmedStandardLibrary } from './standard-library.js';

const compilerOptions = {
  strict: true,
  allowJs: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  types: [],
  noEmit: true,
};

/** The typed projects: with the user's dependencies, and with our own v2 SDK types besides (see TypedView.withBundledSdk). */
const typedProjects = new Map<boolean, Project>();

/** The text the typed projects' file systems give for one path instead of the file on disk (see typedFile). */
let overlay: { path: string; text: string } | undefined;

function project(bundledSdk: boolean): Project {
  let typed = typedProjects.get(bundledSdk);
  if (!typed) {
    typed = new Project({ compilerOptions: { ...compilerOptions, ...(bundledSdk ? { paths: bundledSdkPaths() } : {}) }, skipAddingFilesFromTsConfig: true });
    const host = typed.getFileSystem();
    const read = host.readFileSync.bind(host);
    host.readFileSync = (filePath, encoding) => (overlay?.path === filePath ? overlay.text : read(filePath, encoding));
    typedProjects.set(bundledSdk, typed);
  }
  return typed;
}

const sdkFound = new Map<string, boolean>();

/** Whether `@modelcontextprotocol/server` cannot be found from the file (see TypedView.sdkMissing). */
function sdkMissing(absPath: string): boolean {
  const dir = path.dirname(absPath);
  let found = sdkFound.get(dir);
  if (found === undefined) {
    found = ts.resolveModuleName('@modelcontextprotocol/server', absPath, compilerOptions, ts.sys).resolvedModule !== undefined;
    sdkFound.set(dir, found);
  }
  return !found;
}

/**
 * `text` as the file at `absPath` in the typed project, parsed once. ts-morph's createSourceFile
 * with `overwrite` first loads and parses the file on disk and then parses `text` over it; a file
 * added at its path while the file system gives `text` for it is parsed once, the same way.
 */
function typedFile(p: Project, absPath: string, text: string): SourceFile {
  if (p.getSourceFile(absPath)) return p.createSourceFile(absPath, text, { overwrite: true });
  overlay = { path: path.resolve(absPath).replace(/\\/g, '/'), text };
  let added: SourceFile;
  try {
    added = p.addSourceFileAtPath(absPath);
  } finally {
    overlay = undefined;
  }
  // (Should ts-morph ever read another spelling of the path, the file on disk came in instead.)
  return added.getFullText() === text ? added : p.createSourceFile(absPath, text, { overwrite: true });
}

let aloneProject: Project | undefined;

/**
 * The file alone with the ES5 library, cut to the standard types spelled-out types may use (Array,
 * Promise, Record, …; see standard-library.ts): no imports resolved, no DOM, no @types/node (see
 * types-alone.ts).
 */
function projectAlone(): Project {
  aloneProject ??= aloneViewProject(trimmedStandardLibrary(STANDARD_TYPES));
  return aloneProject;
}

/** A project for views alone, checked with `library` (undefined: the whole ES5 library). */
export function aloneViewProject(library: string | undefined): Project {
  const created = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: library !== undefined,
    compilerOptions: { ...compilerOptions, noResolve: true, ...(library === undefined ? { lib: ['lib.es5.d.ts'] } : { noLib: true }) },
  });
  if (library !== undefined) created.createSourceFile(STANDARD_LIBRARY_PATH, library);
  return created;
}

/** Where the view alone keeps its library (no user file is there: the view's file system is in memory). */
const STANDARD_LIBRARY_PATH = '/mcp-mrtr-migrate/standard-library.d.ts';

/** How many copies of each kind were built in this thread (for bench/identical.mjs and the tests). */
export const typedViewCounts = { full: 0, alone: 0 };

export interface TypedView {
  /** The copy type-checked with the user's dependencies (created on first use: loading them takes seconds). */
  readonly file: SourceFile;
  /** The copy type-checked alone (created on first use), for the questions types-alone.ts says it answers alike. */
  readonly alone: SourceFile;
  /** Whether `file` was created already (then it answers every question at no further cost); always, with our SDK types. */
  readonly hasFile: boolean;
  /**
   * `@modelcontextprotocol/server` cannot be found from the file: a v1 project this run upgrades has
   * the v1 SDK installed, not v2, or nothing is installed. What the SDK types is then `any` in `file`
   * (see withBundledSdk).
   */
  readonly sdkMissing: boolean;
  /**
   * The same copy with the SDK resolved to our own copy of its types (bundled-sdk.ts), the types the
   * file is written against after the run: request parameters, contexts and SDK results are typed
   * as where the SDK is installed. A guess of the installed version's types, so nothing is printed
   * from it: it only shows which members of an answer the code narrows (see carried-values.ts).
   * Its `file` is created on first use; dispose it too.
   */
  withBundledSdk(): TypedView;
  dispose(): void;
}

/** A type-checked copy of `text` at `absPath`; call dispose() when done (workers keep nothing). */
export function typedView(absPath: string, text: string, bundledSdk = false): TypedView {
  noteNodeTypes(absPath);
  // The first @types/node found so far, as the eager view had it in its project at this point.
  const nodeTypes = nodeTypesFound.values().next().value;
  let file: SourceFile | undefined;
  let alone: SourceFile | undefined;
  return {
    get file() {
      if (!file) {
        const p = project(bundledSdk);
        if (nodeTypes && !p.getSourceFile(nodeTypes)) p.addSourceFileAtPath(nodeTypes);
        file = typedFile(p, absPath, text);
        typedViewCounts.full++;
      }
      return file;
    },
    // (A view with our SDK types answers with its full copy only: the copy alone resolves no module,
    // so it would answer as the file's own view did.)
    get hasFile() {
      return bundledSdk || file !== undefined;
    },
    get sdkMissing() {
      return sdkMissing(absPath);
    },
    withBundledSdk: () => typedView(absPath, text, true),
    get alone() {
      if (!alone) {
        alone = projectAlone().createSourceFile(absPath, text, { overwrite: true });
        typedViewCounts.alone++;
      }
      return alone;
    },
    dispose: () => {
      // Dependencies resolved for this file stay cached for the next one; that is the point.
      if (file) file.getProject().removeSourceFile(file);
      if (alone) projectAlone().removeSourceFile(alone);
    },
  };
}

/**
 * Modules `file` (a typed copy) imports whose types cannot be found from it, quoted, in order: no
 * file and no ambient `declare module` (dependencies not installed). `except` is not one: the state
 * module, which the run writes (and a second run over a file the first left importing it must say
 * what the first said).
 */
export function unresolvedImports(file: SourceFile, except: string): string[] {
  const checker = file.getProject().getTypeChecker();
  return [...new Set(file.getImportDeclarations().filter((d) => d.getModuleSpecifierValue() !== except && checker.getSymbolAtLocation(d.getModuleSpecifier()) === undefined)
    .map((d) => `'${d.getModuleSpecifierValue()}'`))];
}

/** The node of `file` (a typed copy of the text) that spans what `node` spans: `plan.searches`, not its first identifier. */
export function sameNodeIn(file: SourceFile, node: Node): Node | undefined {
  let found = file.getDescendantAtPos(node.getStart());
  while (found && found.getEnd() < node.getEnd()) found = found.getParent();
  return found && found.getStart() === node.getStart() && found.getEnd() === node.getEnd() ? found : undefined;
}

const nodeTypesFound = new Set<string>();

/**
 * Node's own modules (node:crypto, node:fs, …) are typed by @types/node, which a project gets from
 * its tsconfig's `types`; this view has no tsconfig, so it loads the @types/node the file would
 * resolve (the nearest node_modules/@types/node above it), once per copy: the first one found
 * (one copy only: two versions of the same declarations would clash). Without it randomUUID(),
 * readFile() or execFile() results would be `any` here, typed in the user's project.
 */
function noteNodeTypes(absPath: string): void {
  for (let dir = path.dirname(absPath); ; dir = path.dirname(dir)) {
    const index = path.join(dir, 'node_modules', '@types', 'node', 'index.d.ts');
    if (nodeTypesFound.has(index)) return;
    if (existsSync(index)) {
      nodeTypesFound.add(index);
      return;
    }
    if (path.dirname(dir) === dir) return;
  }
}

export type JsonSafety = { safe: true } | { safe: false; reason: string } | { safe: 'unknown' };

const NOT_JSON = new Set([
  'Date', 'Map', 'Set', 'WeakMap', 'WeakSet', 'RegExp', 'Promise', 'URL', 'URLSearchParams', 'Buffer',
  'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array',
  'Float64Array', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'ReadableStream', 'WritableStream',
  'Blob', 'File', 'Response', 'Request', 'Headers', 'AbortController', 'AbortSignal', 'Error', 'Symbol',
]);

/** Whether a value of `type` is plain JSON data (objects, arrays, strings, numbers, booleans, null). */
export function jsonSafety(type: Type, depth = 0, seen = new Set<Type>()): JsonSafety {
  if (type.isAny() || type.isUnknown()) return { safe: 'unknown' };
  if (seen.has(type) || depth > 6) return { safe: true };
  seen.add(type);
  const flags = type.getFlags();
  if (flags & ts.TypeFlags.BigIntLike) return { safe: false, reason: 'a bigint' };
  if (flags & ts.TypeFlags.ESSymbolLike) return { safe: false, reason: 'a symbol' };
  if (
    // Template literal types (`${string}-${string}` from randomUUID()) and Uppercase<…> are strings.
    (flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) !== 0 ||
    type.isString() || type.isNumber() || type.isBoolean() || type.isLiteral() || type.isNull() ||
    type.isUndefined() || type.isBooleanLiteral() || type.isEnumLiteral() || type.isEnum() ||
    (flags & ts.TypeFlags.Void) !== 0 || (flags & ts.TypeFlags.Never) !== 0
  ) {
    return { safe: true };
  }
  if (type.isUnion()) return combine(type.getUnionTypes().map((t) => jsonSafety(t, depth + 1, seen)));
  if (type.isIntersection()) return combine(type.getIntersectionTypes().map((t) => jsonSafety(t, depth + 1, seen)));
  if (type.isArray() || type.isReadonlyArray()) {
    const element = type.getArrayElementType() ?? type.getTypeArguments()[0];
    return element ? jsonSafety(element, depth + 1, seen) : { safe: 'unknown' };
  }
  if (type.isTuple()) return combine(type.getTupleElements().map((t) => jsonSafety(t, depth + 1, seen)));
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
    return { safe: false, reason: 'a function' };
  }
  const symbol = type.getSymbol() ?? type.getAliasSymbol();
  const name = symbol?.getName();
  if (name && NOT_JSON.has(name)) return { safe: false, reason: `a ${name}` };
  if (symbol?.getDeclarations().some((d) => Node.isClassDeclaration(d) || Node.isClassExpression(d))) {
    return { safe: false, reason: `an instance of class ${name}` };
  }
  if (type.isObject()) {
    const results: JsonSafety[] = [];
    for (const prop of type.getProperties()) {
      const decl = prop.getValueDeclaration() ?? prop.getDeclarations()[0];
      if (!decl) continue;
      if (Node.isMethodSignature(decl) || Node.isMethodDeclaration(decl)) {
        return { safe: false, reason: `an object with method ${prop.getName()}()` };
      }
      const result = jsonSafety(prop.getTypeAtLocation(decl), depth + 1, seen);
      if (result.safe === false) return { safe: false, reason: `${result.reason} in property ${prop.getName()}` };
      results.push(result);
    }
    const index = type.getStringIndexType() ?? type.getNumberIndexType();
    if (index) results.push(jsonSafety(index, depth + 1, seen));
    return combine(results);
  }
  return { safe: 'unknown' };
}

function combine(results: JsonSafety[]): JsonSafety {
  const bad = results.find((r) => r.safe === false);
  if (bad) return bad;
  return results.some((r) => r.safe === 'unknown') ? { safe: 'unknown' } : { safe: true };
}

/**
 * How to write `type` in a declaration placed at `scope` (module level next to the handler).
 * A type that names something declared in a function body can only be written there: directly in
 * `localBody` (the handler's body, where the state type then goes; see carried-values.ts), else it
 * falls back to `any`, as for a type the checker cannot print.
 */
export function typeText(type: Type, scope: Node, localBody?: Node): string {
  if (type.isAny()) return 'any';
  try {
    const text = type.getText(
      scope,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
        ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
    );
    const locals = localTypeDeclarations(type, 0, new Set());
    if (locals.length > 0 && !locals.every((d) => d.getParent() === localBody)) return 'any';
    // A named type of another module that this file does not import prints as a bare name the
    // state declaration could not resolve (TS2304): fall back, as for locals.
    // (Seen from the handler's body, which sees the module's names too: a type declared there
    // moves the state type into it, see carried-values.ts.)
    const visible = typeNamesInScope(localBody ?? scope);
    if (namedTypes(type, 0, new Set()).some((name) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(text) && !visible.has(name))) {
      // A union of literals (`type RiskLevel = 'read' | 'write'` of another module) is written out
      // member by member: the same type, with no name the state declaration would have to import.
      return literalMembers(type)?.map((member) => member.getText(scope, LITERAL_FLAGS)).join(' | ') ?? 'any';
    }
    // `{ a: string; b: number; }` → `{ a: string; b: number }`, as people write it.
    return text.replace(/; \}/g, ' }');
  } catch {
    // The checker cannot print it here (a type from an unusual declaration): fall back, as for locals.
    return 'any';
  }
}

const LITERAL_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

/**
 * The members of a type made only of string, number and boolean literals, `null` and `undefined`
 * (enum members excluded: they print as the enum's name); undefined for any other type.
 */
function literalMembers(type: Type): Type[] | undefined {
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  const literal = (t: Type) => !t.isEnumLiteral() && (t.isStringLiteral() || t.isNumberLiteral() || t.isBooleanLiteral() || t.isNull() || t.isUndefined());
  return members.every(literal) ? members : undefined;
}

const scopeNames = new WeakMap<Node, Set<string>>();

/** The type names visible at `scope` (declared or imported in its file, or global). */
function typeNamesInScope(scope: Node): Set<string> {
  let names = scopeNames.get(scope);
  if (!names) {
    names = new Set(scope.getProject().getTypeChecker().compilerObject.getSymbolsInScope(scope.compilerNode, ts.SymbolFlags.Type).map((s) => s.getName()));
    scopeNames.set(scope, names);
  }
  return names;
}

/** The names of the aliases, interfaces, classes and enums `type` is printed with. */
function namedTypes(type: Type, depth: number, seen: Set<Type>): string[] {
  if (depth > 4 || seen.has(type)) return [];
  seen.add(type);
  const named = [type.getAliasSymbol(), type.getSymbol()].filter((s) => s !== undefined && !s.getName().startsWith('__')).map((s) => s!.getName());
  return [...named, ...[...typeParts(type), ...anonymousMemberTypes(type)].flatMap((t) => namedTypes(t, depth + 1, seen))];
}

/** The types a printed type is built from: union and intersection members, type arguments, array elements. */
function typeParts(type: Type): Type[] {
  return [
    ...(type.isUnion() ? type.getUnionTypes() : []),
    ...(type.isIntersection() ? type.getIntersectionTypes() : []),
    ...type.getTypeArguments(),
    ...type.getAliasTypeArguments(),
    ...(type.isArray() ? [type.getArrayElementTypeOrThrow()] : []),
  ];
}

/** The property types of an anonymous object type (printed structurally); none for a named one. */
function anonymousMemberTypes(type: Type): Type[] {
  if (!type.isObject() || type.getAliasSymbol() || !type.getSymbol()?.getName().startsWith('__')) return [];
  return type.getProperties().flatMap((p) => {
    const decl = p.getValueDeclaration();
    return decl === undefined ? [] : [p.getTypeAtLocation(decl)];
  });
}

/**
 * The declarations of the types declared inside a function body (a local alias, interface, class
 * or enum) that the printed type names. Anonymous object types are printed structurally, so only
 * their members matter; so are the arguments of a generic alias (`Record<string, Field>`).
 */
function localTypeDeclarations(type: Type, depth: number, seen: Set<Type>): Node[] {
  if (depth > 4 || seen.has(type)) return [];
  seen.add(type);
  const named = [type.getAliasSymbol(), type.getSymbol()].filter((s) => s !== undefined && !s.getName().startsWith('__'));
  const insideBody = (d: Node) => d.getAncestors().some((a) => Node.isBlock(a) && Node.isFunctionLikeDeclaration(a.getParent()));
  const own = named.flatMap((s) => s!.getDeclarations().filter(insideBody));
  if (own.length > 0) return own;
  const found = typeParts(type).flatMap((t) => localTypeDeclarations(t, depth + 1, seen));
  if (found.length > 0) return found;
  return anonymousMemberTypes(type).flatMap((t) => localTypeDeclarations(t, depth + 1, seen));
}

/**
 * A Date that can travel as its ISO string and be revived exactly (toISOString keeps every
 * millisecond, and `new Date(iso)` reads it back): a `const` created as `new Date()` or
 * `new Date(Date.now())`, so it is always valid (toISOString throws on an invalid Date), and never
 * changed in place through a set…() method (the copy carried would then differ).
 */
export function isRevivableDate(type: Type, nameNode: Node, fn: Node): boolean {
  if (type.isUnion() || type.getSymbol()?.getName() !== 'Date') return false;
  const decl = nameNode.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getNameNode() !== nameNode) return false;
  const list = decl.getParent();
  if (!list || !Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== 'const') return false;
  const init = decl.getInitializer();
  if (!init || !Node.isNewExpression(init) || init.getExpression().getText() !== 'Date') return false;
  const args = init.getArguments();
  if (!(args.length === 0 || (args.length === 1 && /^Date\s*\.\s*now\s*\(\s*\)$/.test(args[0].getText())))) return false;
  const name = nameNode.getText();
  return !fn.getDescendants().some((d) => Node.isPropertyAccessExpression(d) && d.getExpression().getText() === name && /^set/.test(d.getName()));
}
