// zod 3 code under zod 4. The run raises a package's `zod` to ^4.2 when it moves the package to
// the v2 SDK (src/upgrade/manifests.ts), and the raise reaches every file of the package that imports
// `zod`, not only the files the migration touched. Syntax alone decides (no type checker: this
// runs over every such file): a call counts as zod's when its chain starts at a name imported from
// `zod` itself (`zod/v3` stays zod 3 under zod 4, `zod/v4` is zod 4 already).
//   rewrites  APIs with an exact zod 4 spelling (checked against zod 4's typings)
//             `z.record(value)` → `z.record(z.string(), value)`; `.nonstrict()` → `.passthrough()`;
//             `result.error.errors` → `result.error.issues` for a `result` of `….safeParse(…)` (zod 3's
//             ZodError#errors was a getter for its issues; the schema may come from another file)
//   errors    APIs zod 4 removed or changed without one: each use is reported, and keeps the package
//             on v1 (and zod 3) as it was;
//             so is every call into `zod-to-json-schema`, which reads zod 3 schemas only (under
//             zod 4 it returns an empty schema, without an error); types zod 4 changed under
//             code that names them: an issue callback declaring `path` without symbols, a variable
//             declared `ZodRawShape` handed to a v2 registerTool / registerPrompt config
import { ts } from '../ts-morph.js';
import type { FindingInput, TextEdit } from '../types.js';
import { importBindings, unwrap, walk } from '../ast/compiler-nodes.js';

export const ZOD_UPGRADE_RULE = 'zod-upgrade';

export interface ZodUpgrade {
  edits: TextEdit[];
  /** Error findings; positions are offsets of the text analysed. */
  findings: FindingInput[];
}

/** Whether a text may import zod or zod-to-json-schema, or parse with a schema (the cheap test before parsing). */
export function mayImportZod(text: string): boolean {
  return /['"]zod(?:-to-json-schema)?['"]|\.safeParse(?:Async)?\s*\(/.test(text);
}

/** What zod 4 no longer accepts, per member name of a zod chain: why, and what to do. */
const REMOVED_METHODS: Readonly<Record<string, [string, string]>> = {
  deepPartial: ['zod 4 removed `.deepPartial()`', 'Make the nested objects optional with `.partial()` on each level, or keep this schema on `zod/v3`.'],
  ip: ['zod 4 removed `z.string().ip()` (it has `z.ipv4()` and `z.ipv6()`)', 'Use `z.union([z.ipv4(), z.ipv6()])`, or `z.ipv4()` / `z.ipv6()` when the `version` option named one.'],
  args: ['zod 4\'s `z.function()` is no schema and has no `.args()` / `.returns()`', 'Use `z.function({ input: [...], output: ... })` and its `.implement()`, or type the function without zod.'],
  returns: ['zod 4\'s `z.function()` is no schema and has no `.args()` / `.returns()`', 'Use `z.function({ input: [...], output: ... })` and its `.implement()`, or type the function without zod.'],
};

/** Members that are zod's only on a `z.function()` chain. */
const FUNCTION_MEMBERS: ReadonlySet<string> = new Set(['args', 'returns']);

/** Schema parameters zod 4 replaced with its single `error` parameter. */
const REMOVED_PARAMS: ReadonlySet<string> = new Set(['errorMap', 'invalid_type_error', 'required_error']);

/** Members of the zod namespace that zod 4 no longer exports. */
const REMOVED_EXPORTS: Readonly<Record<string, string>> = {
  ZodEffects: 'refinements live on the schema itself and transforms are `ZodPipe`s',
  ZodTypeDef: 'the definition type is internal (`z.ZodType<Output, Input>` takes two parameters)',
  ZodFirstPartyTypeKind: 'a schema tells its kind by `schema.def.type`',
  ostring: 'use `z.string().optional()`',
  onumber: 'use `z.number().optional()`',
  oboolean: 'use `z.boolean().optional()`',
};

/** What the checks of one file share: the zod names it imports, and where edits and errors go. */
interface ZodScan {
  file: ts.SourceFile;
  /** Local names of zod's namespace (`z`, `* as z`, the default import). */
  namespaces: ReadonlySet<string>;
  /** Local name → exported name, for zod's named imports. */
  named: ReadonlyMap<string, string>;
  /** Local names of zod-to-json-schema's values. */
  toJsonSchema: ReadonlySet<string>;
  /** Names of safeParse results (see safeParseResults). */
  parseResults: ReadonlySet<string>;
  edits: TextEdit[];
  /** Reports a line that would not typecheck (or `consequence`) under zod 4. */
  error: (node: ts.Node, why: string, what: string, consequence?: string) => void;
  isNamespace: (node: ts.Node) => node is ts.Identifier;
}

export function upgradeZod3(file: ts.SourceFile): ZodUpgrade {
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const { namespaces, named, toJsonSchema } = zodBindings(file);
  const parseResults = safeParseResults(file);
  if (namespaces.size === 0 && named.size === 0 && toJsonSchema.size === 0 && parseResults.size === 0) return { edits, findings };
  // Said of a package the run keeps on v1 for it (src/runner.ts): raising zod would break this line.
  const error = (node: ts.Node, why: string, what: string, consequence = 'this line would not typecheck') =>
    findings.push({
      rule: ZOD_UPGRADE_RULE,
      severity: 'error',
      pos: node.getStart(file),
      message: `${why}; the v2 SDK needs zod ^4.2, under which ${consequence}: the package stays on the v1 SDK and its zod as it was`,
      suggestion: `${what} Then run the migration again.`,
      marker: false,
    });
  const isNamespace = (node: ts.Node): node is ts.Identifier => ts.isIdentifier(node) && namespaces.has(node.text);
  const scan: ZodScan = { file, namespaces, named, toJsonSchema, parseResults, edits, error, isNamespace };

  walk(file, (node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'errors' && isParseResultError(node.expression, parseResults)) {
      edits.push({ start: node.name.getStart(file), end: node.name.getEnd(), text: 'issues' });
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isZodChain(node.expression, namespaces, named)) {
      zodChainCall(scan, node, node.expression);
    }
    if (ts.isCallExpression(node)) callChecks(scan, node);
    removedExports(scan, node);
  });
  return { edits, findings };
}

/** The file's imports of zod (namespace and named) and of zod-to-json-schema's values. */
function zodBindings(file: ts.SourceFile): { namespaces: Set<string>; named: Map<string, string>; toJsonSchema: Set<string> } {
  const namespaces = new Set<string>();
  const named = new Map<string, string>(); // local → exported name
  for (const [local, binding] of importBindings(file)) {
    if (binding.module !== 'zod') continue;
    if (binding.imported === '*' || binding.imported === 'default' || binding.imported === 'z') namespaces.add(local);
    else named.set(local, binding.imported);
  }
  const toJsonSchema = new Set([...importBindings(file)].filter(([, b]) => b.module === 'zod-to-json-schema' && !b.typeOnly).map(([local]) => local));
  return { namespaces, named, toJsonSchema };
}

/** A call of a member of a zod chain (`z.record(…)`, `schema.strict(…)`): its rewrite or error, then its removed parameters. */
function zodChainCall({ file, edits, error, isNamespace }: ZodScan, node: ts.CallExpression, callee: ts.PropertyAccessExpression): void {
  const member = callee.name.text;
  const receiver = unwrap(callee.expression);
  if (member === 'record' && isNamespace(receiver) && node.arguments.length === 1 && !ts.isSpreadElement(node.arguments[0])) {
    // zod 3's one-argument record has string keys; zod 4 asks for the key schema.
    edits.push({ start: node.arguments[0].getStart(file), end: node.arguments[0].getStart(file), text: `${receiver.text}.string(), ` });
  } else if (member === 'nonstrict' && node.arguments.length === 0) {
    // zod 3 documents `.nonstrict()` as the deprecated name of `.passthrough()`, which zod 4 keeps.
    edits.push({ start: callee.name.getStart(file), end: callee.name.getEnd(), text: 'passthrough' });
  } else if (member === 'strict' && node.arguments.length > 0) {
    error(callee.name, 'zod 4\'s `.strict()` takes no message', 'Drop the argument (unknown keys are then reported with zod\'s own message), or build the object with `z.strictObject(shape, { error: message })`.');
  } else if (Object.hasOwn(REMOVED_METHODS, member) && (!FUNCTION_MEMBERS.has(member) || isFirstFunctionMember(callee.expression))) {
    const [why, what] = REMOVED_METHODS[member];
    error(callee.name, why, what);
  }
  for (const arg of node.arguments) {
    const literal = unwrap(arg as ts.Expression);
    if (!ts.isObjectLiteralExpression(literal)) continue;
    for (const prop of literal.properties) {
      const key = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
      if (key !== undefined && REMOVED_PARAMS.has(key)) {
        error(
          prop,
          `zod 4 replaced the \`${key}\` parameter with \`error\` (a message, or a function of the issue)`,
          key === 'errorMap'
            ? 'Pass `error: (issue) => message` instead (it receives the issue, not `(issue, ctx)`, and returns the message or undefined).'
            : 'Pass `error: (issue) => (issue.input === undefined ? requiredMessage : invalidTypeMessage)` instead.',
        );
      }
    }
  }
}

/**
 * Calls zod 4 takes differently: an issue callback whose declared parameter type it changed, a
 * `ZodRawShape` handed to a v2 registration, zod-to-json-schema, the one-argument named `record`.
 */
function callChecks({ file, namespaces, named, toJsonSchema, parseResults, error }: ZodScan, node: ts.CallExpression): void {
  const issueParam = issueParameterWithoutSymbols(node, parseResults);
  if (issueParam) {
    error(
      issueParam,
      'zod 4\'s issues have `path: PropertyKey[]` (a symbol key too), which this callback\'s declared parameter type, whose `path` admits no symbol, does not accept',
      'Drop the parameter\'s type (zod types the issues) or declare `path: PropertyKey[]`; join a path with `path.map(String).join(\'.\')`, since `join` throws on a symbol.',
    );
  }
  const shapeProp = rawShapeTypedSchema(node, file, namespaces, named);
  if (shapeProp) {
    error(
      shapeProp.prop,
      `\`${shapeProp.name}\` is declared as zod's \`ZodRawShape\`, which under zod 4 is a shape of core \`$ZodType\`s: neither form of v2's \`${shapeProp.method}\` takes it (a schema, or a raw shape of classic zod types)`,
      `Pass a schema instead: \`z.object(${shapeProp.name})\` where it is known to be set, or the \`ZodObject\` the shape was taken from.`,
    );
  }
  if (isToJsonSchemaCall(node.expression, toJsonSchema)) {
    error(
      node,
      '`zod-to-json-schema` reads zod 3 schemas only: given a zod 4 schema it returns an empty JSON schema (`{ $schema }` and nothing else), without an error',
      'Use zod 4\'s own `z.toJSONSchema(schema)` (pass `{ target: \'draft-07\' }` to keep draft-07 output), and check the schemas it produces.',
      'this call would produce an empty schema',
    );
  }
  if (ts.isIdentifier(node.expression) && named.get(node.expression.text) === 'record' && node.arguments.length === 1) {
    error(node, 'zod 4\'s `record` takes the key schema first (zod 3 defaulted it to strings)', 'Write `record(string(), value)`, importing `string` from zod, or `z.record(z.string(), value)`.');
  }
}

/** `z.ZodEffects` and the like, and named imports of them: zod 4 no longer exports them. */
function removedExports({ named, error, isNamespace }: ZodScan, node: ts.Node): void {
  const qualified = ts.isQualifiedName(node) ? ([node.left, node.right] as const) : ts.isPropertyAccessExpression(node) ? ([node.expression, node.name] as const) : undefined;
  if (qualified && isNamespace(qualified[0]) && Object.hasOwn(REMOVED_EXPORTS, qualified[1].text)) {
    error(node, `zod 4 no longer exports \`${qualified[1].text}\``, `${REMOVED_EXPORTS[qualified[1].text]}.`);
  }
  if (ts.isImportSpecifier(node) && named.has(node.name.text) && Object.hasOwn(REMOVED_EXPORTS, named.get(node.name.text)!)) {
    const name = named.get(node.name.text)!;
    error(node, `zod 4 no longer exports \`${name}\``, `${REMOVED_EXPORTS[name]}.`);
  }
}

/** Names declared as `const result = [await] schema.safeParse(…)` (or safeParseAsync). */
function safeParseResults(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  walk(file, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    let init = unwrap(node.initializer);
    if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
    if (ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && /^safeParse(?:Async)?$/.test(init.expression.name.text)) names.add(node.name.text);
  });
  return names;
}

/** `result.error` for a name of safeParseResults. */
function isParseResultError(expr: ts.Expression, results: ReadonlySet<string>): boolean {
  const target = unwrap(expr);
  if (!ts.isPropertyAccessExpression(target) || target.name.text !== 'error') return false;
  const subject = unwrap(target.expression);
  return ts.isIdentifier(subject) && results.has(subject.text);
}

/** `zodToJsonSchema(…)` or `ns.zodToJsonSchema(…)` / `ns.default(…)` of an import of zod-to-json-schema. */
function isToJsonSchemaCall(callee: ts.Expression, locals: ReadonlySet<string>): boolean {
  const target = unwrap(callee);
  if (ts.isIdentifier(target)) return locals.has(target.text);
  return ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression) && locals.has(target.expression.text);
}

/** The identifier a chain of calls and property reads starts from (`z` of `z.object({}).strict()`). */
function rootOf(expr: ts.Expression): ts.Identifier | undefined {
  let current = unwrap(expr);
  for (;;) {
    if (ts.isPropertyAccessExpression(current) || ts.isCallExpression(current)) current = unwrap(current.expression);
    else return ts.isIdentifier(current) ? current : undefined;
  }
}

function isZodChain(expr: ts.Expression, namespaces: ReadonlySet<string>, named: ReadonlyMap<string, string>): boolean {
  const root = rootOf(expr);
  return root !== undefined && (namespaces.has(root.text) || named.has(root.text));
}

/**
 * Whether the chain below `expr` calls `z.function()` with no `.args()` / `.returns()` between: the
 * first of those members reports the chain, once.
 */
function isFirstFunctionMember(expr: ts.Expression): boolean {
  let current = unwrap(expr);
  for (;;) {
    if (ts.isCallExpression(current)) {
      const callee = unwrap(current.expression);
      if (ts.isPropertyAccessExpression(callee) && FUNCTION_MEMBERS.has(callee.name.text)) return false;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'function') return true;
      current = callee;
    } else if (ts.isPropertyAccessExpression(current)) current = unwrap(current.expression);
    else return false;
  }
}

const ARRAY_CALLBACK_METHODS: ReadonlySet<string> = new Set(['map', 'forEach', 'filter', 'some', 'every', 'find', 'findIndex', 'flatMap']);

/**
 * `result.error.issues.map((e: { path: (string | number)[]; … }) => …)` (or zod 3's `errors`) for a
 * parse result: the callback's parameter when its declared `path` is an array whose elements admit
 * no symbol (zod 4's issues have `PropertyKey[]` paths, so the callback no longer fits).
 */
function issueParameterWithoutSymbols(call: ts.CallExpression, results: ReadonlySet<string>): ts.ParameterDeclaration | undefined {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ARRAY_CALLBACK_METHODS.has(callee.name.text)) return undefined;
  const list = unwrap(callee.expression);
  if (!ts.isPropertyAccessExpression(list) || !['issues', 'errors'].includes(list.name.text) || !isParseResultError(list.expression, results)) return undefined;
  const callback = call.arguments[0] && unwrap(call.arguments[0]);
  const param = callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) ? callback.parameters[0] : undefined;
  if (!param?.type || !ts.isTypeLiteralNode(param.type)) return undefined;
  const path = param.type.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && !!m.name && ts.isIdentifier(m.name) && m.name.text === 'path');
  const element = path?.type && arrayElement(path.type);
  return element && admitsOnly(element, [ts.SyntaxKind.StringKeyword, ts.SyntaxKind.NumberKeyword]) ? param : undefined;
}

/** `T[]`, `Array<T>`, `readonly T[]`, `ReadonlyArray<T>`: T. */
function arrayElement(type: ts.TypeNode): ts.TypeNode | undefined {
  if (ts.isTypeOperatorNode(type)) return arrayElement(type.type);
  if (ts.isArrayTypeNode(type)) return type.elementType;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && ['Array', 'ReadonlyArray'].includes(type.typeName.text)) return type.typeArguments?.[0];
  return undefined;
}

/** The type is one of the keyword types, or a union of them (parentheses allowed). */
function admitsOnly(type: ts.TypeNode, kinds: readonly ts.SyntaxKind[]): boolean {
  if (ts.isParenthesizedTypeNode(type)) return admitsOnly(type.type, kinds);
  if (ts.isUnionTypeNode(type)) return type.types.every((t) => admitsOnly(t, kinds));
  return kinds.includes(type.kind);
}

/**
 * `server.registerTool(name, { inputSchema: shape, … })` (`outputSchema` too; `argsSchema` of
 * registerPrompt) where `shape` is a variable of the file declared as zod's `ZodRawShape`: by its
 * own type, or as the result of a function of the file declared to return one.
 */
function rawShapeTypedSchema(
  call: ts.CallExpression,
  file: ts.SourceFile,
  namespaces: ReadonlySet<string>,
  named: ReadonlyMap<string, string>,
): { prop: ts.PropertyAssignment; name: string; method: string } | undefined {
  const callee = unwrap(call.expression);
  const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  const keys = method === 'registerTool' ? ['inputSchema', 'outputSchema'] : method === 'registerPrompt' ? ['argsSchema'] : [];
  const config = call.arguments[1] && unwrap(call.arguments[1]);
  if (keys.length === 0 || !config || !ts.isObjectLiteralExpression(config)) return undefined;
  const isRawShapeType = (type: ts.TypeNode | undefined): boolean => {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node)) {
        const name = node.typeName;
        if (ts.isIdentifier(name) && named.get(name.text) === 'ZodRawShape') found = true;
        if (ts.isQualifiedName(name) && ts.isIdentifier(name.left) && namespaces.has(name.left.text) && name.right.text === 'ZodRawShape') found = true;
      }
      // A shape inside another type (`ZodObject<ZodRawShape>`) is no raw shape.
      if (!found && !ts.isTypeReferenceNode(node)) ts.forEachChild(node, visit);
    };
    if (type) visit(type);
    return found;
  };
  for (const prop of config.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name) || !keys.includes(prop.name.text)) continue;
    const value = unwrap(prop.initializer);
    if (!ts.isIdentifier(value)) continue;
    const declaration = variableDeclaration(file, value.text);
    if (!declaration) continue;
    const init = declaration.initializer && unwrap(declaration.initializer);
    const fromFunction = init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) ? functionDeclaration(file, init.expression.text) : undefined;
    if (isRawShapeType(declaration.type) || (!declaration.type && isRawShapeType(fromFunction?.type))) return { prop, name: value.text, method };
  }
  return undefined;
}

/** The file's only variable declaration of `name` (several: none, the scope would decide). */
function variableDeclaration(file: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  const found: ts.VariableDeclaration[] = [];
  walk(file, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found.push(node);
  });
  return found.length === 1 ? found[0] : undefined;
}

function functionDeclaration(file: ts.SourceFile, name: string): ts.FunctionDeclaration | undefined {
  return file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name);
}
