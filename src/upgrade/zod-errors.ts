// zod 3's ZodError members zod 4 dropped, where the code shows the value is a ZodError:
//   rewrites  `error.errors` → `error.issues` (zod 3's getter for them), `error.formErrors` →
//             `error.flatten()` (zod 3's getter for that), on a safeParse result's `error` (a
//             `const` holding the result, or the call itself), a name declared `ZodError`, and a
//             name inside an `instanceof ZodError` check;
//   errors    an issue callback declaring `path` without symbols (zod 4's paths are
//             `PropertyKey[]`), ZodIssueCode members zod 4 merged or dropped, a global error map
//             reading zod 3's second `ctx` parameter, a refinement reading `ctx.path`.
import { ts } from '../ts-morph.js';
import { unwrap, walk } from '../ast/compiler-nodes.js';
import { isSafeParseCall, isZodSchema, replace, zodError, zodFactory, zodName, type ZodScan } from './zod-scan.js';

/** Names narrowed or declared to be a zod 3 ZodError, each with the region where that holds. */
export type ZodErrorNames = Map<ts.Node, Set<string>>;

/** Where each name is a ZodError: its declaring function or block for a declared type, the guarded branch for an instanceof check. */
export function zodErrorNames(scan: ZodScan): ZodErrorNames {
  const regions: ZodErrorNames = new Map();
  const add = (region: ts.Node | undefined, name: string) => {
    if (!region) return;
    const names = regions.get(region) ?? new Set<string>();
    names.add(name);
    regions.set(region, names);
  };
  const isZodErrorType = (type: ts.TypeNode | undefined): boolean =>
    !!type && ts.isTypeReferenceNode(type) && zodName(scan, type.typeName) === 'ZodError';
  walk(scan.file, (node) => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && isZodErrorType(node.type)) add(node.parent, node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isZodErrorType(node.type)) add(enclosingBlock(node), node.name.text);
    const guard = instanceofZodError(scan, node);
    if (!guard) return;
    // `x instanceof ZodError && …x…`, `x instanceof ZodError ? …x… : …`, `if (x instanceof ZodError …) …x…`
    let child: ts.Node = node;
    for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
      if (ts.isParenthesizedExpression(parent)) continue;
      if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
        if (parent.left === child) add(parent.right, guard);
        continue;
      }
      if (ts.isConditionalExpression(parent) && parent.condition === child) add(parent.whenTrue, guard);
      if (ts.isIfStatement(parent) && parent.expression === child) add(parent.thenStatement, guard);
      break;
    }
  });
  return regions;
}

/** `x instanceof ZodError` (or `z.ZodError`) for a zod 3 ZodError: x. */
function instanceofZodError(scan: ZodScan, node: ts.Node): string | undefined {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.InstanceOfKeyword) return undefined;
  const subject = unwrap(node.left);
  const right = unwrap(node.right);
  return ts.isIdentifier(subject) && zodName(scan, right) === 'ZodError' ? subject.text : undefined;
}

function enclosingBlock(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isBlock(current) || ts.isSourceFile(current) || ts.isModuleBlock(current) || ts.isCaseClause(current) || ts.isDefaultClause(current)) return current;
  }
  return undefined;
}

/** Whether `expr` is a zod 3 ZodError by the code: a safeParse result's `error`, or a name of `names` inside its region. */
function isZodErrorValue(scan: ZodScan, names: ZodErrorNames, expr: ts.Expression): boolean {
  const target = unwrap(expr);
  if (ts.isPropertyAccessExpression(target) && target.name.text === 'error') {
    const subject = unwrap(target.expression);
    return (ts.isIdentifier(subject) && scan.parseResults.has(subject.text)) || isSafeParseCall(subject);
  }
  if (!ts.isIdentifier(target)) return false;
  for (let current: ts.Node | undefined = target; current; current = current.parent) {
    if (names.get(current)?.has(target.text)) return true;
  }
  return false;
}

/** `.errors` and `.formErrors` read on a ZodError. */
export function zodErrorReads(scan: ZodScan, names: ZodErrorNames, node: ts.Node): void {
  if (!ts.isPropertyAccessExpression(node) || !isZodErrorValue(scan, names, node.expression)) return;
  if (isWritten(node)) return;
  const { file } = scan;
  if (node.name.text === 'errors') replace(scan, node.name.getStart(file), node.name.getEnd(), 'issues');
  if (node.name.text === 'formErrors') replace(scan, node.name.getStart(file), node.name.getEnd(), 'flatten()');
}

function isWritten(node: ts.Expression): boolean {
  const parent = node.parent;
  return ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

const ARRAY_CALLBACK_METHODS: ReadonlySet<string> = new Set(['map', 'forEach', 'filter', 'some', 'every', 'find', 'findIndex', 'flatMap']);

/**
 * `result.error.issues.map((e: { path: (string | number)[]; … }) => …)` (or zod 3's `errors`) for a
 * ZodError: the callback's parameter when its declared `path` is an array whose elements admit no
 * symbol (zod 4's issues have `PropertyKey[]` paths, so the callback no longer fits).
 */
export function issueParameterWithoutSymbols(scan: ZodScan, names: ZodErrorNames, call: ts.CallExpression): void {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ARRAY_CALLBACK_METHODS.has(callee.name.text)) return;
  const list = unwrap(callee.expression);
  if (!ts.isPropertyAccessExpression(list) || !['issues', 'errors'].includes(list.name.text) || !isZodErrorValue(scan, names, list.expression)) return;
  const callback = call.arguments[0] && unwrap(call.arguments[0]);
  const param = callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) ? callback.parameters[0] : undefined;
  if (!param?.type || !ts.isTypeLiteralNode(param.type)) return;
  const path = param.type.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && !!m.name && ts.isIdentifier(m.name) && m.name.text === 'path');
  const element = path?.type && arrayElement(path.type);
  if (!element || !admitsOnly(element, [ts.SyntaxKind.StringKeyword, ts.SyntaxKind.NumberKeyword])) return;
  zodError(
    scan,
    param,
    'zod 4\'s issues have `path: PropertyKey[]` (a symbol key too), which this callback\'s declared parameter type, whose `path` admits no symbol, does not accept',
    'Drop the parameter\'s type (zod types the issues) or declare `path: PropertyKey[]`; join a path with `path.map(String).join(\'.\')`, since `join` throws on a symbol.',
  );
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

/** zod 3 issue codes zod 4 has no more, with what it reports instead. */
const REMOVED_ISSUE_CODES: Readonly<Record<string, string>> = {
  invalid_string: '`invalid_format` (with `format` naming the check)',
  invalid_enum_value: '`invalid_value`',
  invalid_literal: '`invalid_value`',
  invalid_date: '`invalid_type`',
  not_finite: '`invalid_type` (infinite numbers no longer parse)',
  invalid_arguments: 'a ZodError thrown by the function itself',
  invalid_return_type: 'a ZodError thrown by the function itself',
  invalid_intersection_types: 'a plain Error thrown at parse time',
  invalid_union_discriminator: 'an Error thrown when the schema is built',
};

/** `z.ZodIssueCode.invalid_string` and the like. */
export function removedIssueCode(scan: ZodScan, node: ts.Node): void {
  if (!ts.isPropertyAccessExpression(node) || !Object.hasOwn(REMOVED_ISSUE_CODES, node.name.text)) return;
  if (zodName(scan, unwrap(node.expression)) !== 'ZodIssueCode') return;
  zodError(scan, node, `zod 4 has no issue code \`${node.name.text}\` (it reports ${REMOVED_ISSUE_CODES[node.name.text]})`, 'Match the zod 4 code instead, or `code: \'custom\'` for an issue of your own.');
}

/**
 * `z.setErrorMap((issue, ctx) => …)`: zod 4 calls an error map with the issue alone (`ctx.defaultError`
 * is gone; returning undefined falls back to zod's message).
 */
export function errorMapWithContext(scan: ZodScan, call: ts.CallExpression): void {
  if (zodFactory(scan, call.expression) !== 'setErrorMap') return;
  const map = call.arguments[0] && unwrap(call.arguments[0]);
  if (!map || !(ts.isArrowFunction(map) || ts.isFunctionExpression(map)) || map.parameters.length < 2) return;
  zodError(scan, map.parameters[1], 'zod 4 calls an error map with the issue alone: zod 3\'s second `ctx` parameter (`ctx.defaultError`) is gone', 'Write `z.config({ customError: (issue) => message })`, returning undefined where zod\'s own message should stand.');
}

/** `.superRefine((value, ctx) => … ctx.path …)` (or `.transform`) on a zod schema: zod 4's refinement context has no `path`. */
export function refinementPath(scan: ZodScan, call: ts.CallExpression): void {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !['superRefine', 'transform'].includes(callee.name.text) || !isZodSchema(scan, callee.expression)) return;
  const fn = call.arguments[0] && unwrap(call.arguments[0]);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return;
  const ctx = fn.parameters[1];
  if (!ctx || !ts.isIdentifier(ctx.name)) return;
  const name = ctx.name.text;
  walk(fn.body, (node) => {
    if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'path') return;
    const subject = unwrap(node.expression);
    if (ts.isIdentifier(subject) && subject.text === name) {
      zodError(scan, node, 'zod 4\'s refinement context has no `path` (zod 4 does not compute the path while it parses)', 'Add the issue with a `path` relative to this schema (`ctx.addIssue({ code: \'custom\', path: [...], message })`), or refine the parent object.');
    }
  });
}
