// A tool's `inputSchema: zodToJsonSchema(X)` that is provably an object schema. The package's
// return type is the union of every JSON schema it can emit, so v2's `Tool['inputSchema']` (an
// object schema) rejects it, although for some inputs the value is always `{ type: "object", … }`:
// zod-to-json-schema 3.x picks its parser by the schema's `_def.typeName`, converts a ZodObject to
// `{ type: "object", properties, … }`, and (with no options: effectStrategy 'input') a ZodEffects
// (`.refine`, `.transform`, `z.preprocess`) to its inner schema. Only a call with the schema alone
// is taken: a name or options can wrap the result in a `$ref` or change the strategy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from '../../ts-morph.js';
import { walk } from '../../ast/compiler-nodes.js';

export interface ObjectSchemaCall {
  /** The `zodToJsonSchema(X)` call. */
  call: ts.CallExpression;
  /** Why its value is an object schema: X is a ZodObject, or a ZodEffects around one. */
  kind: 'object' | 'effects';
}

/** The `inputSchema: zodToJsonSchema(X)` properties in `node` whose value is provably an object schema. */
export function objectSchemaCalls(checker: ts.TypeChecker, node: ts.Node): ObjectSchemaCall[] {
  const found: ObjectSchemaCall[] = [];
  walk(node, (child) => {
    if (!ts.isPropertyAssignment(child) || propertyName(child.name) !== 'inputSchema') return;
    const call = child.initializer;
    if (!ts.isCallExpression(call) || call.arguments.length !== 1 || ts.isSpreadElement(call.arguments[0])) return;
    if (!isZodToJsonSchema3(checker, call.expression)) return;
    const kind = objectSchemaKind(checker, checker.getTypeAtLocation(call.arguments[0]), 0);
    if (kind) found.push({ call, kind });
  });
  return found;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The callee is zod-to-json-schema 3.x's `zodToJsonSchema` (under any import name, default or named). */
function isZodToJsonSchema3(checker: ts.TypeChecker, callee: ts.Expression): boolean {
  let symbol = checker.getSymbolAtLocation(callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol?.getName() !== 'zodToJsonSchema') return false;
  const file = symbol.declarations?.[0]?.getSourceFile().fileName;
  const root = file && /^(.*[\\/]node_modules[\\/]zod-to-json-schema)[\\/]/.exec(file)?.[1];
  return !!root && majorVersion(root) === 3;
}

const majors = new Map<string, number | undefined>();

function majorVersion(packageRoot: string): number | undefined {
  if (!majors.has(packageRoot)) {
    let major: number | undefined;
    try {
      const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version?: string };
      major = Number(/^(\d+)\./.exec(version ?? '')?.[1]);
    } catch {
      major = undefined;
    }
    majors.set(packageRoot, major);
  }
  return majors.get(packageRoot);
}

/** Whether a zod 3 schema type converts to an object schema: its `_def.typeName`, as the package reads it. */
function objectSchemaKind(checker: ts.TypeChecker, schema: ts.Type, depth: number): ObjectSchemaCall['kind'] | undefined {
  const def = propertyType(checker, schema, '_def');
  const typeName = def && propertyType(checker, def, 'typeName');
  if (!def || !typeName?.isStringLiteral()) return undefined;
  if (typeName.value === 'ZodObject') return 'object';
  if (typeName.value !== 'ZodEffects' || depth > 8) return undefined;
  const inner = propertyType(checker, def, 'schema');
  return inner && objectSchemaKind(checker, inner, depth + 1) ? 'effects' : undefined;
}

function propertyType(checker: ts.TypeChecker, type: ts.Type, name: string): ts.Type | undefined {
  const symbol = type.getProperty(name);
  return symbol && checker.getTypeOfSymbol(symbol);
}
