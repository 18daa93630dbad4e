// What a low-level request handler returns, checked against the v2 type of its method. v1 typed
// every `setRequestHandler` result as `ServerResult`, a union holding `Result` with a passthrough
// index signature: any object passed. v2 types each method's result (`tools/list` →
// ListToolsResult, …), so a handler that returned a loosely typed value (`inputSchema:
// Record<string, unknown>`, `type: string`, a `ServerResult` annotation) compiles in v1 and not
// once its key is a method string. Asked of a typed copy of the upgraded file (the user's own
// dependencies from disk; `@modelcontextprotocol/server`, and the v1 SDK other modules still
// import, from our v2 copy: the user has not installed it yet) whose receivers are a v2 `Server`,
// so each handler is typed as v2 will type it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Project, ts } from '../../ts-morph.js';
import { bundledServerTypes } from '../../bundled-sdk.js';
import { applyEdits, mapBackward } from '../../ast/edits.js';
import type { TextEdit } from '../../types.js';
import { walk } from '../../ast/compiler-nodes.js';
import { objectSchemaCalls, type ObjectSchemaCall } from './zod-json-schema.js';
import { resultPartType, resultValueFixes, shortType, type ResultValueFix, type ResultValueFixes } from './result-value-fixes.js';

/** The v2 result type each method's handler must return (HandlerResultTypeMap). */
const RESULT_TYPES: Readonly<Record<string, string>> = {
  ping: 'EmptyResult',
  initialize: 'InitializeResult',
  'completion/complete': 'CompleteResult',
  'logging/setLevel': 'EmptyResult',
  'prompts/get': 'GetPromptResult',
  'prompts/list': 'ListPromptsResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'tools/call': 'CallToolResult',
  'tools/list': 'ListToolsResult',
};

export interface HandlerResultMismatch {
  /** Offset of the `setRequestHandler` call in the text checked. */
  pos: number;
  method: string;
  /** The v2 result type the handler must return. */
  expected: string;
  /** Where in the result the types part (`tools[].inputSchema.properties`), when found. */
  where?: { path: string; actual: string; wanted: string; filler?: boolean };
  /** The first returned value no fix of ours makes fit (offset in the text checked). */
  unfixed?: ResultValueFixes['unfixed'];
}

/** A value of a handler's result made to fit v2's type (see result-value-fixes.ts). */
export interface ResultValueFixMade extends ResultValueFix {
  /** Offset of the `setRequestHandler` call. */
  pos: number;
  method: string;
  /** The v2 result type (CallToolResult, …). */
  type: string;
}

/** The receiver every checked call is given in the typed copy. */
const PROBE = '__mcpMrtrV2Server';

export interface InputSchemaAssertion {
  /** Offset of the `zodToJsonSchema(X)` call in the text checked. */
  start: number;
  /** Its end, where the assertion goes. */
  end: number;
  /** Why the value is an object schema (see zod-json-schema.ts). */
  kind: ObjectSchemaCall['kind'];
}

/** A list handler that fits once its return type is declared (see declaredReturnTypes). */
export interface ReturnTypeDeclaration {
  /** Offset in the text checked where `: Promise<…>` goes (after the parameter list). */
  at: number;
  /** Offset of the `setRequestHandler` call. */
  pos: number;
  method: string;
  /** The v2 result type (ListToolsResult, …). */
  type: string;
  async: boolean;
  /** What did not fit as inferred (from the mismatch). */
  inferred: string;
}

export interface HandlerResults {
  /** Handlers v2 would reject for what they return. */
  mismatches: HandlerResultMismatch[];
  /** List handlers that fit once their return type is declared (those handlers are not in `mismatches`). */
  returnTypes: ReturnTypeDeclaration[];
  /**
   * The calls to assert as v2's input-schema type in the tools/list handlers whose only mismatches
   * are input schemas proven to be objects (those handlers are not in `mismatches`).
   */
  assertions: InputSchemaAssertion[];
  /** The values of other handlers' results made to fit (those handlers are not in `mismatches`). */
  valueFixes: ResultValueFixMade[];
}

/**
 * The `setRequestHandler('<method>', handler)` calls of a TypeScript file whose handler v2 would
 * reject for what it returns, and the input-schema assertions that make a tools/list handler fit.
 * JavaScript is not checked (the user's compiler does not either).
 */
export function handlerResults(absPath: string, text: string): HandlerResults {
  // Cross-file mode upgrades a helper module again for each file that imports it: ask once.
  const key = `${absPath}\0${text}`;
  let found = answered.get(key);
  if (!found) {
    found = analyse(absPath, text);
    if (answered.size >= 32) answered.delete(answered.keys().next().value!);
    answered.set(key, found);
  }
  return found;
}

const answered = new Map<string, HandlerResults>();

/** What the checked copy asserts (the final text uses the file's own import of the type). */
const PROBE_ASSERTION = " as import('@modelcontextprotocol/server').Tool['inputSchema']";

function analyse(absPath: string, text: string): HandlerResults {
  const none: HandlerResults = { mismatches: [], assertions: [], returnTypes: [], valueFixes: [] };
  if (!/\.[cm]?tsx?$/.test(absPath) || /\.d\.[cm]?tsx?$/.test(absPath)) return none;
  const calls = handlerCalls(ts.createSourceFile(absPath, text, ts.ScriptTarget.Latest, true, scriptKind(absPath)));
  if (calls.length === 0) return none;
  // Each receiver becomes the probe, declared at the end (positions before it stay as they are
  // apart from the receivers themselves).
  let probeText = '';
  let last = 0;
  const shifts: { after: number; delta: number }[] = [];
  for (const call of calls) {
    const receiver = (call.expression as ts.PropertyAccessExpression).expression;
    probeText += text.slice(last, receiver.getStart()) + PROBE;
    shifts.push({ after: probeText.length, delta: PROBE.length - (receiver.end - receiver.getStart()) });
    last = receiver.end;
  }
  probeText += `${text.slice(last)}\ndeclare const ${PROBE}: import('@modelcontextprotocol/server').Server;\n`;
  const toText = (probePos: number) => probePos - shifts.filter((s) => s.after <= probePos).reduce((sum, s) => sum + s.delta, 0);
  const project = typedProject(absPath);
  const file = project.createSourceFile(absPath, probeText, { overwrite: true });
  try {
    const checker = project.getTypeChecker().compilerObject;
    const probed = handlerCalls(file.compilerNode);
    const rejected = probed.filter((call) => !fits(checker, call));
    // Asked of this copy before any other is checked (the nodes and types are of this program).
    const valueFixes = new Map(rejected.map((call) => [call, resultValueFixes(checker, call.arguments[1], resultTarget(checker, checker.getContextualType(call.arguments[1])!)!)]));
    const mismatches = rejected.map((call): HandlerResultMismatch => {
      const method = (call.arguments[0] as ts.StringLiteral).text;
      const where = resultMismatch(checker, checker.getTypeAtLocation(call.arguments[1]), checker.getContextualType(call.arguments[1])!);
      const unfixed = valueFixes.get(call)?.unfixed;
      return { pos: calls[probed.indexOf(call)].getStart(), method, expected: RESULT_TYPES[method], where, ...(unfixed ? { unfixed: { ...unfixed, start: toText(unfixed.start) } } : {}) };
    });
    // Rejected tools/list handlers with provable input schemas: asserted, checked again. Those that
    // fit then (and only those, with no new error anywhere in the file) are fixed.
    const candidates = rejected
      .map((call) => ({ call, index: probed.indexOf(call), spots: (call.arguments[0] as ts.StringLiteral).text === 'tools/list' ? objectSchemaCalls(checker, call.arguments[1]) : [] }))
      .filter((c) => c.spots.length > 0);
    if (candidates.length === 0) {
      // (Return types are declared only in a file where no input schema is asserted: one kind of rewrite per check.)
      const declared = fitWithInserts(project, absPath, probeText, returnTypeDeclarations(probed, rejected, probeText));
      const returnTypes = declared.map(({ index, at, method, type, async }) => {
        const pos = calls[index].getStart();
        return { at: toText(at), pos, method, type, async, inferred: inferredMismatch(mismatches.find((m) => m.pos === pos)?.where) };
      });
      // The other handlers' values, tried with the declarations made (each kept only if all fit).
      const valueCandidates = rejected
        .filter((call) => !declared.some((d) => d.index === probed.indexOf(call)))
        .map((call) => ({ call, index: probed.indexOf(call), method: (call.arguments[0] as ts.StringLiteral).text, found: valueFixes.get(call)! }))
        .filter((c) => c.found.fixes.length > 0 && !c.found.unfixed)
        .map((c) => ({ ...c, inserts: c.found.fixes.flatMap((f) => valueFixInserts(f, `import('@modelcontextprotocol/server').${RESULT_TYPES[c.method]}`)) }));
      let fixed: typeof valueCandidates = [];
      if (valueCandidates.length > 0) {
        project.createSourceFile(absPath, probeText, { overwrite: true });
        const fitting = fitWithInserts(project, absPath, probeText, [...declared, ...valueCandidates]);
        if (declared.every((d) => fitting.includes(d))) fixed = valueCandidates.filter((c) => fitting.includes(c));
      }
      const made = fixed.flatMap((c) => c.found.fixes.map((f): ResultValueFixMade => ({
        ...f, start: toText(f.start), end: toText(f.end), at: toText(f.at), pos: calls[c.index].getStart(), method: c.method, type: RESULT_TYPES[c.method],
      })));
      // A handler whose fixes did not fit: the first value asserted, whose types do not overlap.
      const tried = new Map(valueCandidates.filter((c) => !fixed.includes(c)).map((c) => [calls[c.index].getStart(), c.found.fixes.find((f) => f.kind === 'assert') ?? c.found.fixes[0]!]));
      const left = mismatches
        .filter((m) => !returnTypes.some((r) => r.pos === m.pos) && !made.some((f) => f.pos === m.pos))
        .map((m) => {
          const fix = tried.get(m.pos);
          return fix ? { ...m, unfixed: { start: toText(fix.start), path: fix.path, value: probeText.slice(fix.start, fix.end), actual: fix.actual, wanted: fix.wanted, missing: fix.missing, kind: fix.kind } } : m;
        });
      return { mismatches: left, assertions: [], returnTypes, valueFixes: made };
    }
    const fixed = fitWithInserts(project, absPath, probeText,
      candidates.map((c) => ({ ...c, inserts: c.spots.map(({ call }) => ({ start: call.end, end: call.end, text: PROBE_ASSERTION })) })));
    const assertions = fixed.flatMap((c) => c.spots.map(({ call, kind }) => ({ start: toText(call.getStart()), end: toText(call.end), kind })));
    const fixedCalls = new Set(fixed.map((c) => c.call));
    return { mismatches: mismatches.filter((_, i) => !fixedCalls.has(rejected[i])), assertions, returnTypes: [], valueFixes: [] };
  } finally {
    // The copy checked last (fitWithInserts replaces `file`).
    const checked = project.getSourceFile(absPath);
    if (checked) project.removeSourceFile(checked);
  }
}

/**
 * Of `candidates` (each with the index of its handler call in the probe text), those whose handler
 * fits once their `inserts` are made in the probe text: all tried together, then, when only some
 * fit, those alone (the others' errors then stay as they were); kept only when the file then has no
 * type error it did not have before. Leaves the last checked copy in the project.
 */
function fitWithInserts<C extends { index: number; inserts: TextEdit[] }>(project: Project, absPath: string, probeText: string, candidates: C[]): C[] {
  if (candidates.length === 0) return [];
  const before = diagnosticKeys(project.getSourceFileOrThrow(absPath).compilerNode, project.getProgram().compilerObject, (pos) => pos);
  let trying = candidates;
  for (let round = 0; round < 2 && trying.length > 0; round++) {
    // (A variable two handlers return is declared once.)
    const inserted = uniqueEdits(trying.flatMap((c) => c.inserts));
    const file = project.createSourceFile(absPath, applyEdits(probeText, inserted), { overwrite: true });
    const now = handlerCalls(file.compilerNode);
    const fitting = trying.filter((c) => fits(project.getTypeChecker().compilerObject, now[c.index]));
    if (fitting.length < trying.length) {
      trying = fitting;
      continue;
    }
    const after = diagnosticKeys(file.compilerNode, project.getProgram().compilerObject, (pos) => mapBackward(pos, inserted));
    return [...after].every((d) => before.has(d)) ? trying : [];
  }
  return [];
}

/** The list methods, whose results never carry an input request: a declared result type cannot get in a migration's way. */
const LIST_METHODS = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/**
 * The `rejected` list handlers that could have their return type declared as v2's result type, each
 * with the declaration to try (index: of its call in `probed`). Inferred, an array of literals gets
 * one element type: `type: 'object'` widened to string, and each literal given the members the
 * others have as optional `undefined`, neither of which v2's types take; declared, each literal is
 * checked against the result type as written. The declaration changes no value, only what the
 * compiler checks.
 */
function returnTypeDeclarations(probed: ts.CallExpression[], rejected: ts.CallExpression[], probeText: string) {
  return rejected.flatMap((call) => {
    const method = (call.arguments[0] as ts.StringLiteral).text;
    const at = LIST_METHODS.has(method) ? returnTypeSpot(call.arguments[1], probeText) : undefined;
    if (at === undefined) return [];
    const async = ts.canHaveModifiers(call.arguments[1]) && (ts.getModifiers(call.arguments[1]) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
    const type = RESULT_TYPES[method];
    const probeType = `import('@modelcontextprotocol/server').${type}`;
    const inserts: TextEdit[] = [{ start: at, end: at, text: `: ${async ? `Promise<${probeType}>` : probeType}` }];
    return [{ index: probed.indexOf(call), at, method, type, async, inserts }];
  });
}

/** What did not fit in the inferred result, in words. */
function inferredMismatch(where: HandlerResultMismatch['where']): string {
  if (!where?.path) return 'its inferred type';
  return where.filler
    ? `\`${where.path}\`, filled in as undefined in the literals that lack it`
    : `\`${where.path}\`, inferred as \`${where.actual}\` where v2 wants \`${where.wanted}\``;
}

/** Where a return type goes on an arrow or function expression without one: after its `)`. */
function returnTypeSpot(handler: ts.Expression, text: string): number | undefined {
  if (!ts.isArrowFunction(handler) && !ts.isFunctionExpression(handler)) return undefined;
  if (handler.type !== undefined || handler.asteriskToken !== undefined) return undefined;
  const next = ts.isArrowFunction(handler) ? handler.equalsGreaterThanToken.getStart() : handler.body.getStart();
  let at = next;
  while (at > handler.parameters.end && /\s/.test(text[at - 1]!)) at--;
  // `async x => …` has no parentheses to put the type after.
  return text[at - 1] === ')' && at - 1 >= handler.parameters.end ? at : undefined;
}

/** The handler fits v2's type for its method (or is not typed by it). */
function fits(checker: ts.TypeChecker, call: ts.CallExpression): boolean {
  const handler = call.arguments[1];
  const wanted = checker.getContextualType(handler);
  return !wanted || checker.isTypeAssignableTo(checker.getTypeAtLocation(handler), wanted);
}

/** The file's semantic errors (code, offset mapped by `at`, message): an assertion must add none. */
function diagnosticKeys(file: ts.SourceFile, program: ts.Program, at: (pos: number) => number): Set<string> {
  return new Set(program.getSemanticDiagnostics(file).map((d) => `${d.code}@${at(d.start ?? 0)}:${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`));
}

function handlerCalls(file: ts.SourceFile): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || node.arguments.length !== 2) return;
    if (!ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 'setRequestHandler') return;
    const key = node.arguments[0];
    if (ts.isStringLiteralLike(key) && key.text in RESULT_TYPES) calls.push(node);
  });
  return calls;
}

function scriptKind(absPath: string): ts.ScriptKind {
  return /x$/.test(absPath) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

// ---------------------------------------------------------------------------------------------
// Where the result does not fit

/** The first place in the handler's result whose type the v2 result type does not accept. */
function resultMismatch(checker: ts.TypeChecker, handler: ts.Type, wanted: ts.Type): HandlerResultMismatch['where'] {
  const returned = handler.getCallSignatures()[0]?.getReturnType();
  const target = resultTarget(checker, wanted);
  if (!returned || !target) return undefined;
  const source = checker.getAwaitedType(returned) ?? returned;
  return firstMismatch(checker, source, target, '', 0);
}

/** The result a handler of type `wanted` must return, awaited: `R | Promise<R>` awaits to R; of an MRTR method's `Result | InputRequiredResult`, the result. */
function resultTarget(checker: ts.TypeChecker, wanted: ts.Type): ts.Type | undefined {
  const target = wanted.getCallSignatures()[0]?.getReturnType();
  if (!target) return undefined;
  const awaited = checker.getAwaitedType(target) ?? target;
  return awaited.isUnion() ? awaited.types.find((t) => !t.getProperty('inputRequests')) ?? awaited : awaited;
}

/** The text a value fix inserts, with `root` naming the v2 result type. */
export function valueFixInserts(fix: ResultValueFix, root: string): TextEdit[] {
  const part = resultPartType(root, fix.access);
  const type = fix.promise ? `Promise<${part}>` : part;
  if (fix.kind === 'declare') return [{ start: fix.at, end: fix.at, text: `: ${type}` }];
  if (fix.kind === 'retype') return [{ start: fix.start, end: fix.end, text: type }];
  const tail = fix.kind === 'assert' ? ` as ${type}` : ' ?? undefined';
  if (fix.shorthand !== undefined) return [{ start: fix.at, end: fix.at, text: `: ${fix.shorthand}${tail}` }];
  return fix.wrap ? [{ start: fix.start, end: fix.start, text: '(' }, { start: fix.at, end: fix.at, text: `)${tail}` }] : [{ start: fix.at, end: fix.at, text: tail }];
}

function uniqueEdits(edits: readonly TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => !seen.has(`${e.start}:${e.end}:${e.text}`) && (seen.add(`${e.start}:${e.end}:${e.text}`), true));
}

function firstMismatch(checker: ts.TypeChecker, source: ts.Type, target: ts.Type, at: string, depth: number): HandlerResultMismatch['where'] {
  if (checker.isTypeAssignableTo(source, target)) return undefined;
  const here = { path: at, actual: shortType(checker, source), wanted: shortType(checker, target) };
  if (depth > 6) return here;
  if (checker.isArrayType(source) && checker.isArrayType(target)) {
    const [s] = checker.getTypeArguments(source as ts.TypeReference);
    const [t] = checker.getTypeArguments(target as ts.TypeReference);
    return (s && t && firstMismatch(checker, s, t, `${at}[]`, depth + 1)) || here;
  }
  // A union of element types (an array of differently shaped literals): the first member that
  // fails. A union the code names (ServerResult) or returns as a whole is reported as it is.
  if (source.isUnion() && at !== '' && !source.aliasSymbol) {
    for (const member of source.types) {
      const found = firstMismatch(checker, member, target, at, depth + 1);
      if (found) return found;
    }
    return here;
  }
  if (source.isUnion() || target.isUnion() || !(source.flags & ts.TypeFlags.Object) || !(target.flags & ts.TypeFlags.Object)) return here;
  const sourceIndex = checker.getIndexInfosOfType(source)[0];
  for (const property of target.getProperties()) {
    const name = property.getName();
    const own = source.getProperty(name);
    const key = at ? `${at}.${name}` : name;
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    // A record's required property is whatever its index signature says.
    const ownType = own ? checker.getTypeOfSymbol(own) : optional ? undefined : sourceIndex?.type;
    if (!ownType) {
      if (!optional) return { path: key, actual: 'missing', wanted: shortType(checker, checker.getTypeOfSymbol(property)) };
      continue;
    }
    // null or undefined the property does not take is the mismatch (`nextCursor: string | null` where
    // v2 wants `string | undefined`); else what is left of both, so that objects are compared further.
    const wanted = checker.getTypeOfSymbol(property);
    const nullish = (ownType.isUnion() ? ownType.types : [ownType]).filter((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
    const rejected = nullish.find((t) => !checker.isTypeAssignableTo(t, wanted));
    if (rejected) return { path: key, actual: shortType(checker, rejected), wanted: shortType(checker, wanted) };
    const found = firstMismatch(checker, nullish.length > 0 ? checker.getNonNullableType(ownType) : ownType, checker.getNonNullableType(wanted), key, depth + 1);
    if (found) return found;
  }
  // Index signatures: every value of the source must fit the target's.
  const targetIndex = checker.getIndexInfosOfType(target)[0];
  if (targetIndex && sourceIndex && !checker.isTypeAssignableTo(sourceIndex.type, targetIndex.type)) {
    return { path: `${at}[string]`, actual: shortType(checker, sourceIndex.type), wanted: shortType(checker, targetIndex.type) };
  }
  // An object literal's type fits an index signature member by member: the first member that does not.
  if (targetIndex && !sourceIndex) {
    for (const property of source.getProperties()) {
      const key = at ? `${at}.${property.getName()}` : property.getName();
      const type = checker.getTypeOfSymbol(property);
      if (checker.isTypeAssignableTo(type, targetIndex.type)) continue;
      // An optional member that is only `undefined`: TypeScript's filler for a member that sibling
      // literals of one array have and this one lacks (`{ id } | { q }` → `{ id; q?: undefined }`).
      if (property.flags & ts.SymbolFlags.Optional && type.flags & ts.TypeFlags.Undefined) {
        return { path: key, actual: 'undefined', wanted: shortType(checker, targetIndex.type), filler: true };
      }
      const found = firstMismatch(checker, type, targetIndex.type, key, depth + 1);
      if (found) return found;
    }
  }
  return here;
}


// ---------------------------------------------------------------------------------------------
// The typed copy

/** The strictness flags of the user's tsconfig change what is assignable; one project per set. */
const STRICTNESS = ['strict', 'strictNullChecks', 'strictFunctionTypes', 'exactOptionalPropertyTypes'] as const;

const projects = new Map<string, Project>();
const strictnessOfConfig = new Map<string, Partial<ts.CompilerOptions>>();

function typedProject(absPath: string): Project {
  const strictness = userStrictness(absPath);
  const key = JSON.stringify(strictness);
  let project = projects.get(key);
  if (!project) {
    project = new Project({
      compilerOptions: {
        allowJs: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        // No DOM, no @types/node: what they type is unresolved here, so accepted (never refused).
        lib: ['lib.es2022.d.ts'],
        types: [],
        noEmit: true,
        strict: true,
        ...strictness,
        // The v1 SDK's types other modules of the package import are the v2 ones once the package
        // is upgraded (its files move to v2 together), whatever is installed now.
        // (Our own `@modelcontextprotocol/server` types: the release the upgraded code is checked against.)
        paths: { '@modelcontextprotocol/server': [bundledServerTypes()], '@modelcontextprotocol/sdk/*': [bundledServerTypes()] },
      },
      skipAddingFilesFromTsConfig: true,
    });
    projects.set(key, project);
  }
  return project;
}

/** The strictness flags of the nearest tsconfig.json (with what it extends); strict when there is none. */
function userStrictness(absPath: string): Partial<ts.CompilerOptions> {
  const config = ts.findConfigFile(path.dirname(absPath), (f) => existsSync(f));
  if (!config) return {};
  let strictness = strictnessOfConfig.get(config);
  if (!strictness) {
    strictness = {};
    const read = ts.readConfigFile(config, ts.sys.readFile);
    if (!read.error) {
      // No file listing: only the options are read (a big repository's listing costs seconds).
      const host: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
      const options = ts.parseJsonConfigFileContent(read.config, host, path.dirname(config)).options;
      for (const flag of STRICTNESS) if (options[flag] !== undefined) strictness[flag] = options[flag];
      if (strictness.strict === undefined) strictness.strict = false;
    }
    strictnessOfConfig.set(config, strictness);
  }
  return strictness;
}
