// zod 3 calls under zod 4, on a zod chain (src/upgrade/zod-scan.ts says which chains are zod's):
//   rewrites  `z.record(value)` → `z.record(z.string(), value)`; `.nonstrict()` → `.passthrough()`
//             (zod 3's alias of it); `.augment(…)` → `.extend(…)` (zod 3's alias of it); a factory's
//             `required_error` / `invalid_type_error` → `error: (issue) => …` (the same message for
//             the same issues: a missing value, a value of the wrong type; undefined, zod's own
//             message, for the rest); a factory's `errorMap: () => …` (one that reads no issue) →
//             `error` (for every issue but a refinement's, as zod 3's schema error map did); a
//             factory's `description` → `.describe(…)` (zod 3 set the same field);
//   errors    what zod 4 removed or changed without an exact spelling: `.deepPartial()`, `.ip()`,
//             `.cidr()`, `z.function().args()/.returns()`, `.strict(message)`, a refinement's
//             message function, the static `.create()` factories, `_def.typeName`, error-map
//             parameters the rewrites above do not cover, the one-argument named `record`, and every
//             call into `zod-to-json-schema` (it reads zod 3 schemas only: under zod 4 it returns an
//             empty schema, without an error).
import { ts } from '../ts-morph.js';
import { mentions, unwrap } from '../ast/compiler-nodes.js';
import { detectStyle } from '../ast/text-style.js';
import { assignedNames, isZodChain, isZodSchema, replace, zodError, zodName, type ZodScan } from './zod-scan.js';

/** What zod 4 no longer accepts, per member name of a zod chain: why, and what to do. */
const REMOVED_METHODS: Readonly<Record<string, [string, string]>> = {
  deepPartial: ['zod 4 removed `.deepPartial()`', 'Make the nested objects optional with `.partial()` on each level, or keep this schema on `zod/v3`.'],
  ip: ['zod 4 removed `z.string().ip()` (it has `z.ipv4()` and `z.ipv6()`)', 'Use `z.union([z.ipv4(), z.ipv6()])`, or `z.ipv4()` / `z.ipv6()` when the `version` option named one.'],
  cidr: ['zod 4 removed `z.string().cidr()` (it has `z.cidrv4()` and `z.cidrv6()`)', 'Use `z.union([z.cidrv4(), z.cidrv6()])`, or `z.cidrv4()` / `z.cidrv6()` when the `version` option named one.'],
  args: ['zod 4\'s `z.function()` has no `.args()` / `.returns()` (it takes `{ input, output }`)', 'Use `z.function({ input: [...], output: ... })` and its `.implement()`, or type the function without zod.'],
  returns: ['zod 4\'s `z.function()` has no `.args()` / `.returns()` (it takes `{ input, output }`)', 'Use `z.function({ input: [...], output: ... })` and its `.implement()`, or type the function without zod.'],
};

/** Members that are zod's only on a `z.function()` chain. */
const FUNCTION_MEMBERS: ReadonlySet<string> = new Set(['args', 'returns']);

/** Schema parameters zod 4 replaced with its single `error` parameter. */
const REMOVED_PARAMS: ReadonlySet<string> = new Set(['errorMap', 'invalid_type_error', 'required_error']);

/** Members whose first argument is a shape or a key mask (its keys are the user's, not parameters). */
const SHAPE_FIRST: ReadonlySet<string> = new Set(['object', 'strictObject', 'looseObject', 'extend', 'augment', 'merge', 'pick', 'omit', 'partial', 'required', 'safeExtend']);

/** zod 3 factories taking create parameters (`RawCreateParams`), with the parameters' position. */
const PARAMS_AT: Readonly<Record<string, number>> = {
  string: 0, number: 0, boolean: 0, bigint: 0, date: 0, symbol: 0, undefined: 0, null: 0, any: 0, unknown: 0, never: 0, void: 0, nan: 0,
  object: 1, strictObject: 1, array: 1, enum: 1, nativeEnum: 1, literal: 1, union: 1, tuple: 1, set: 1, promise: 1, lazy: 1, instanceof: 1,
  intersection: 2, map: 2, discriminatedUnion: 2,
};

/**
 * Factories whose own issues are the missing or mistyped value alone (and the unknown keys of a
 * strict object): for them zod 3's `required_error` / `invalid_type_error` map one to one onto
 * zod 4's `error` by the issue's input and code.
 */
const TYPE_ERROR_FACTORIES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'bigint', 'object', 'array']);

/** A call of a member of a zod chain (`z.record(…)`, `schema.strict(…)`): its rewrite or error, then its parameters. */
export function zodChainCall(scan: ZodScan, node: ts.CallExpression): void {
  const callee = unwrap(node.expression);
  if (!ts.isPropertyAccessExpression(callee)) return;
  if (!isZodChain(scan, callee) && !isZodSchema(scan, callee.expression)) return;
  const { file } = scan;
  const member = callee.name.text;
  const receiver = unwrap(callee.expression);
  if (member === 'record' && scan.isNamespace(receiver) && node.arguments.length === 1 && !ts.isSpreadElement(node.arguments[0])) {
    // zod 3's one-argument record has string keys; zod 4 asks for the key schema.
    replace(scan, node.arguments[0].getStart(file), node.arguments[0].getStart(file), `${receiver.text}.string(), `);
  } else if (member === 'nonstrict' && node.arguments.length === 0) {
    // zod 3 documents `.nonstrict()` as the deprecated name of `.passthrough()`, which zod 4 keeps.
    replace(scan, callee.name.getStart(file), callee.name.getEnd(), 'passthrough');
  } else if (member === 'augment' && !scan.isNamespace(receiver)) {
    // zod 3: `augment = this.extend`.
    replace(scan, callee.name.getStart(file), callee.name.getEnd(), 'extend');
  } else if (member === 'strict' && node.arguments.length > 0 && !scan.isNamespace(receiver)) {
    zodError(scan, callee.name, 'zod 4\'s `.strict()` takes no message', 'Drop the argument (unknown keys are then reported with zod\'s own message), or build the object with `z.strictObject(shape, { error: message })`.');
  } else if (member === 'refine' && node.arguments.length > 1 && isFunction(node.arguments[1])) {
    zodError(scan, node.arguments[1], 'zod 4\'s `.refine()` takes no function of the value as its second argument', 'Pass `{ error: (issue) => message }` (the value is `issue.input`).');
  } else if (member === 'create' && /^Zod[A-Z]/.test(zodName(scan, receiver) ?? '')) {
    zodError(scan, callee, `zod 4's classes have no static \`.create()\` (\`${zodName(scan, receiver)}.create\`)`, 'Call the factory instead (`z.string()` for `ZodString.create()`, `new z.ZodError(issues)` for `ZodError.create(issues)`).');
  } else if (Object.hasOwn(REMOVED_METHODS, member) && (!FUNCTION_MEMBERS.has(member) || isFirstFunctionMember(callee.expression))) {
    const [why, what] = REMOVED_METHODS[member];
    zodError(scan, callee.name, why, what);
  }
  const factory = scan.isNamespace(receiver) && Object.hasOwn(PARAMS_AT, member) ? member : undefined;
  if (factory !== undefined) createParams(scan, node, factory);
  else removedParams(scan, node, SHAPE_FIRST.has(member) ? 1 : 0);
}

/** Calls zod 4 takes differently outside a member chain: a named factory's parameters, the one-argument named `record`, zod-to-json-schema. */
export function otherCalls(scan: ZodScan, node: ts.CallExpression): void {
  const callee = unwrap(node.expression);
  if (ts.isIdentifier(callee) && scan.named.has(callee.text)) {
    const name = scan.named.get(callee.text)!;
    if (name === 'record' && node.arguments.length === 1) {
      zodError(scan, node, 'zod 4\'s `record` takes the key schema first (zod 3 defaulted it to strings)', 'Write `record(string(), value)`, importing `string` from zod, or `z.record(z.string(), value)`.');
    }
    if (Object.hasOwn(PARAMS_AT, name)) createParams(scan, node, name);
  }
  if (isToJsonSchemaCall(callee, scan.toJsonSchema)) {
    zodError(
      scan,
      node,
      '`zod-to-json-schema` reads zod 3 schemas only: given a zod 4 schema it returns an empty JSON schema (`{ $schema }` and nothing else), without an error',
      'Use zod 4\'s own `z.toJSONSchema(schema)` (pass `{ target: \'draft-07\' }` to keep draft-07 output), and check the schemas it produces.',
      'this call would produce an empty schema',
    );
  }
}

/** `schema._def.typeName`: zod 4's definitions say `def.type` (lower case). */
export function defTypeName(scan: ZodScan, node: ts.Node): void {
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'typeName') return;
  const def = unwrap(node.expression);
  if (!ts.isPropertyAccessExpression(def) || def.name.text !== '_def') return;
  // `_def.typeName` is zod 3's own spelling: in a file that imports zod 3, any such read is one.
  if (scan.namespaces.size === 0 && scan.named.size === 0) return;
  zodError(scan, node, 'zod 4\'s schema definitions have no `typeName` (a schema tells its kind by `schema.def.type`: \'string\', \'object\', …)', 'Read `schema.def.type` (or use `instanceof z.ZodString` and the like).');
}

/** Error-map parameters in the object-literal arguments of a zod chain call (from `from` on). */
function removedParams(scan: ZodScan, node: ts.CallExpression, from: number): void {
  node.arguments.forEach((arg, index) => {
    if (index < from) return;
    const literal = unwrap(arg as ts.Expression);
    if (!ts.isObjectLiteralExpression(literal)) return;
    for (const prop of literal.properties) {
      const key = propertyKey(prop);
      if (key !== undefined && REMOVED_PARAMS.has(key)) reportParam(scan, prop, key);
    }
  });
}

function reportParam(scan: ZodScan, prop: ts.Node, key: string): void {
  zodError(
    scan,
    prop,
    `zod 4 replaced the \`${key}\` parameter with \`error\` (a message, or a function of the issue)`,
    key === 'errorMap'
      ? 'Pass `error: (issue) => message` instead (it receives the issue, not `(issue, ctx)`, and returns the message or undefined).'
      : 'Pass `error: (issue) => (issue.input === undefined ? requiredMessage : invalidTypeMessage)` instead.',
  );
}

function propertyKey(prop: ts.ObjectLiteralElementLike): string | undefined {
  return prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
}

/**
 * A factory's create parameters (`z.string({ required_error, description })`): zod 4's spelling
 * where it says the same, the parameters zod 4 dropped reported where it does not.
 */
function createParams(scan: ZodScan, call: ts.CallExpression, factory: string): void {
  const index = PARAMS_AT[factory];
  const arg = call.arguments[index];
  const literal = arg && unwrap(arg);
  if (!literal || !ts.isObjectLiteralExpression(literal) || index !== call.arguments.length - 1) {
    removedParams(scan, call, index);
    return;
  }
  const { file } = scan;
  const text = (node: ts.Node) => node.getText(file);
  const values = new Map<string, ts.Expression>();
  // Spreads and methods: the parameters cannot be told apart.
  let plain = true;
  for (const prop of literal.properties) {
    const key = propertyKey(prop);
    if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop)) plain = false;
    else if (key !== undefined && ['required_error', 'invalid_type_error', 'errorMap', 'description', 'message'].includes(key)) {
      values.set(key, ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
    }
  }
  const required = values.get('required_error');
  const invalid = values.get('invalid_type_error');
  const errorMap = values.get('errorMap');
  const description = values.get('description');
  const report = () => {
    for (const prop of literal.properties) {
      const key = propertyKey(prop);
      if (key !== undefined && REMOVED_PARAMS.has(key)) reportParam(scan, prop, key);
    }
  };
  const q = detectStyle(file.text).quote;
  // A `.js` file gets no type annotation.
  const typed = !/\.[cm]?jsx?$/.test(file.fileName);
  let error: string | undefined;
  if (required || invalid) {
    // zod 3: a missing value gets required_error, another value of the wrong type invalid_type_error,
    // the rest zod's message (a `message` parameter would have come first for all of them).
    const stable = assignedNames(file);
    if (!plain || errorMap || values.has('message') || !TYPE_ERROR_FACTORIES.has(factory) || ![required, invalid].every((v) => v === undefined || isStable(v, stable))) {
      report();
      return;
    }
    const issue = freshName('issue', [required, invalid]);
    const r = required && text(required);
    const i = invalid && text(invalid);
    const invalidType = `${issue}.code === ${q}invalid_type${q}`;
    error = r && i
      ? `(${issue}) => (${issue}.input === undefined ? ${r} : ${invalidType} ? ${i} : undefined)`
      : r
        ? `(${issue}) => (${issue}.input === undefined ? ${r} : undefined)`
        : `(${issue}) => (${issue}.input !== undefined && ${invalidType} ? ${i} : undefined)`;
  } else if (errorMap) {
    const map = unwrap(errorMap);
    // zod 3 applied a schema's error map to its own issues and checks, not to its refinements (they
    // were ZodEffects of their own); zod 4 applies `error` to all three.
    if (!plain || !(ts.isArrowFunction(map) || ts.isFunctionExpression(map)) || map.parameters.length > 0 || map.asteriskToken || map.modifiers?.length) {
      report();
      return;
    }
    const message = messageOf(map);
    const issue = freshName('issue', [map]);
    // (zod 4 types the issue as the schema's own kinds only: the refinements' `custom` is typed by hand.)
    error = `(${issue}${typed ? ': { code?: string }' : ''}) => (${issue}.code === ${q}custom${q} ? undefined : ${message ? text(message) : `(${text(map)})()`})`;
  } else if (!description) {
    return;
  }
  if (!plain) {
    zodError(scan, description!, 'zod 4\'s schema parameters have no `description`', 'Call `.describe(text)` on the schema instead.');
    return;
  }
  // Property by property, so the literal keeps its layout: the first error parameter becomes `error`,
  // the other error parameters and the description go.
  const elements = literal.properties;
  const errorKeys = ['required_error', 'invalid_type_error', 'errorMap'];
  const replacedAt = elements.findIndex((prop) => errorKeys.includes(propertyKey(prop) ?? ''));
  const goes = elements.map((prop, index) => index !== replacedAt && [...errorKeys, 'description'].includes(propertyKey(prop) ?? ''));
  const first = goes.indexOf(false);
  if (first === -1) {
    // The argument goes (with the comma before it, or a trailing one after it).
    const start = index === 0 ? literal.getStart(file) : call.arguments[index - 1].end;
    let end = literal.end;
    if (index === 0 && call.arguments.hasTrailingComma) end = file.text.indexOf(',', end) + 1;
    replace(scan, start, end, '');
  } else {
    elements.forEach((prop, i) => {
      if (i === replacedAt) replace(scan, prop.getStart(file), prop.end, `error: ${error}`);
      else if (goes[i] && i < first) replace(scan, prop.getStart(file), elements[i + 1].getStart(file), '');
      else if (goes[i]) replace(scan, elements[i - 1].end, prop.end, '');
    });
  }
  if (description) replace(scan, call.end, call.end, `.describe(${text(description)})`);
}

/** `() => ({ message: m })`: m. */
function messageOf(fn: ts.ArrowFunction | ts.FunctionExpression): ts.Expression | undefined {
  const body = ts.isArrowFunction(fn) && !ts.isBlock(fn.body) ? unwrap(fn.body) : undefined;
  if (!body || !ts.isObjectLiteralExpression(body) || body.properties.length !== 1) return undefined;
  const prop = body.properties[0];
  return ts.isPropertyAssignment(prop) && propertyKey(prop) === 'message' ? prop.initializer : undefined;
}

/** A value that reads the same whenever it is evaluated: a literal, or names the file never assigns, in a template. */
function isStable(expr: ts.Expression, assigned: ReadonlySet<string>): boolean {
  const value = unwrap(expr);
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || ts.isNumericLiteral(value)) return true;
  if (ts.isIdentifier(value)) return !assigned.has(value.text);
  if (ts.isTemplateExpression(value)) return value.templateSpans.every((span) => isStable(span.expression, assigned));
  return false;
}

/** `base`, or `base2`, … : a name none of `nodes` mentions. */
function freshName(base: string, nodes: readonly (ts.Node | undefined)[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}${n}`;
    if (!nodes.some((node) => node !== undefined && mentions(node, name))) return name;
  }
}

function isFunction(expr: ts.Expression): boolean {
  const value = unwrap(expr);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
}

/** `zodToJsonSchema(…)` or `ns.zodToJsonSchema(…)` / `ns.default(…)` of an import of zod-to-json-schema. */
function isToJsonSchemaCall(callee: ts.Expression, locals: ReadonlySet<string>): boolean {
  const target = unwrap(callee);
  if (ts.isIdentifier(target)) return locals.has(target.text);
  return ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression) && locals.has(target.expression.text);
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

