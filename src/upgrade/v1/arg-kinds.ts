// What a positional argument of a v1 `tool` / `prompt` registration is: the overloads take a
// description, a zod raw shape, a schema or tool annotations in the same slots, told apart at run
// time by their values. Here they are told apart by what the code says: literals, same-file
// constants, then names (`schemas.discover`, `TOOL_DESCRIPTIONS[…]`, `describeTool(…)`).
import { ts } from '../../ts-morph.js';
import { constInitializer, isStringLiteralLike, unwrap } from '../../ast/compiler-nodes.js';
import { TOOL_ANNOTATION_KEYS } from './mappings.js';

/** `shape`: a raw shape written as an object literal; `shape-ref`: one held elsewhere. */
export type ArgKind = 'string' | 'shape' | 'shape-ref' | 'schema' | 'annotations' | 'function' | 'unknown';

const STRING_NAME = /(desc|description|descriptions|summary|text|title|message|instructions?|prompt)$/i;
const SHAPE_NAME = /(shape|shapes|schemas?|params|parameters|args|arguments|inputs?|fields|properties)$/i;
const ANNOTATION_NAME = /(annotations?|hints)$/i;

export function argKind(file: ts.SourceFile, expr: ts.Expression, depth = 0): ArgKind {
  const e = unwrap(expr);
  if (isStringLiteralLike(e) || ts.isTemplateExpression(e)) return 'string';
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return argKind(file, e.left, depth) === 'string' || argKind(file, e.right, depth) === 'string' ? 'string' : 'unknown';
  }
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return 'function';
  if (ts.isObjectLiteralExpression(e)) return objectKind(e);
  if (isZodObjectCall(e)) return 'schema';
  if (ts.isIdentifier(e) && depth < 3) {
    const init = constInitializer(file, e.text);
    if (init) {
      const kind = argKind(file, init, depth + 1);
      return kind === 'shape' ? 'shape-ref' : kind;
    }
  }
  if (ts.isPropertyAccessExpression(e) && e.name.text === 'shape') return 'shape-ref';
  if (ts.isCallExpression(e) && returnsString(file, e.expression)) return 'string';
  return kindByName(e);
}

/** A same-file function declared to return a string. */
function returnsString(file: ts.SourceFile, callee: ts.Expression): boolean {
  const name = unwrap(callee);
  if (!ts.isIdentifier(name)) return false;
  const init = constInitializer(file, name.text);
  const fn = init && (ts.isArrowFunction(unwrap(init)) || ts.isFunctionExpression(unwrap(init))) ? (unwrap(init) as ts.ArrowFunction) : file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name.text);
  return fn?.type?.kind === ts.SyntaxKind.StringKeyword;
}

function objectKind(obj: ts.ObjectLiteralExpression): ArgKind {
  if (obj.properties.length === 0) return 'shape';
  const plain = obj.properties.every((p) => {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return false;
    if (!TOOL_ANNOTATION_KEYS.has(p.name.text)) return false;
    const value = unwrap(p.initializer);
    return value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword || isStringLiteralLike(value) || ts.isIdentifier(value);
  });
  return plain ? 'annotations' : 'shape';
}

/** `z.object(…)`, `z.object(…).strict()` and other chains that start with a zod object schema. */
function isZodObjectCall(e: ts.Expression): boolean {
  let current: ts.Expression = e;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    const access = current.expression;
    if (access.name.text === 'object' && ts.isIdentifier(access.expression) && /^(z|zod)$/.test(access.expression.text)) return true;
    current = access.expression;
  }
  return false;
}

/** Names along the expression, innermost last: `TOOL_DESCRIPTIONS[TOOL_NAMES.CHAT]` → TOOL_DESCRIPTIONS. */
function kindByName(e: ts.Expression): ArgKind {
  for (const name of namesOf(e)) {
    if (ANNOTATION_NAME.test(name)) return 'annotations';
    if (STRING_NAME.test(name)) return 'string';
    if (SHAPE_NAME.test(name)) return 'shape-ref';
  }
  return 'unknown';
}

function namesOf(e: ts.Expression): string[] {
  const inner = unwrap(e);
  if (ts.isIdentifier(inner)) return [inner.text];
  if (ts.isPropertyAccessExpression(inner)) return [inner.name.text, ...namesOf(inner.expression)];
  if (ts.isElementAccessExpression(inner)) {
    const key = inner.argumentExpression;
    return [...(isStringLiteralLike(key) ? [key.text] : []), ...namesOf(inner.expression)];
  }
  if (ts.isCallExpression(inner)) return namesOf(inner.expression);
  return [];
}
