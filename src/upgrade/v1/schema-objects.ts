// Raw shapes where v2 wants a schema object. v1 took raw shapes (`{ q: z.string() }`) for a
// registration's schemas and for a registered tool's or prompt's `update()`; v2 takes a schema, and
// keeps a raw-shape form of registerTool / registerPrompt only where every schema of the config is
// one (its second overload: an input raw shape, an output raw shape or schema). So:
//   - a shape literal is wrapped in `z.object(…)` (what v2's raw-shape form does with it at run
//     time), except an `inputSchema` beside an `outputSchema` this code cannot tell (a raw shape
//     there would need the raw-shape form: the literal stays, which v2 accepts either way);
//   - an `outputSchema` known to be a raw shape (a same-file const holding a shape literal, or a
//     schema's `.shape`) is wrapped too unless the `inputSchema` is such a shape left as it is: a
//     schema beside a raw shape fits neither overload.
// Known: by syntax, or else by the checker where the project's dependencies type the file (an
// imported value: receivers.ts schemaKind); without them, such a value is one this code cannot tell.
//   - `update({ paramsSchema, outputSchema })` of a registered tool and `update({ argsSchema })` of a
//     registered prompt (the value a registration returned, in this file, on a receiver the upgrade
//     took for the SDK's: registrations.ts hands those calls on) get their shape literals and known
//     shapes wrapped: v2's update() has no raw-shape form.
import { ts } from '../../ts-morph.js';
import { constInitializer, unwrap, walk } from '../../ast/compiler-nodes.js';
import { referencesOf } from '../../analysis/sdk-receivers.js';
import type { FileFacts } from './facts.js';

type SchemaKind = 'absent' | 'literal' | 'shape' | 'schema' | 'unknown';

/** The schema values of a register* config to wrap in `z.object(…)`. */
export function schemaValuesToWrap(facts: FileFacts, config: ts.ObjectLiteralExpression, method: string): ts.Expression[] {
  const values = new Map<string, ts.Expression>();
  for (const prop of config.properties) {
    const key = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
    if (key !== undefined && ts.isPropertyAssignment(prop)) values.set(key, prop.initializer);
  }
  if (method === 'registerPrompt') {
    const args = values.get('argsSchema');
    return args && kindOf(facts, args) === 'literal' ? [args] : [];
  }
  if (method !== 'registerTool') return [];
  const input = values.get('inputSchema');
  const output = values.get('outputSchema');
  // The checker (a typed copy of the file: costly) is asked only where the answer decides.
  let inputKind = kindOf(facts, input);
  const outputKind = kindOf(facts, output, inputKind !== 'shape');
  if (inputKind === 'unknown' && outputKind === 'shape') inputKind = kindOf(facts, input, true);
  const wrap: ts.Expression[] = [];
  if (inputKind === 'literal' && outputKind !== 'unknown') wrap.push(input!);
  if (outputKind === 'literal' || (outputKind === 'shape' && inputKind !== 'shape')) wrap.push(output!);
  return wrap;
}

/**
 * A register* config held in a const of this file (`registerPrompt(name, promptConfig, cb)`): its
 * object literal, when every use of the const is the config of a registration the upgrade rewrites
 * with the same method, or a spread into such a config (`{ ...promptConfig, description }`), so a
 * shape wrapped there is one v2 reads as a schema everywhere it goes. Undefined otherwise (exported,
 * passed elsewhere, read): the const stays as it was.
 */
export function heldConfig(facts: FileFacts, config: ts.Identifier, method: string, upgraded: ReadonlySet<ts.CallExpression>): ts.ObjectLiteralExpression | undefined {
  const init = constInitializer(facts.file, config.text);
  const object = init && unwrap(init);
  const declaration = init?.parent;
  if (!object || !ts.isObjectLiteralExpression(object) || !declaration || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return undefined;
  const statement = declaration.parent.parent;
  if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const isConfigOf = (node: ts.Node): boolean => {
    const call = node.parent;
    return ts.isCallExpression(call) && call.arguments[1] === node && upgraded.has(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === method;
  };
  const fits = referencesOf(declaration as ts.VariableDeclaration & { name: ts.Identifier }).every((ref) => {
    const parent = ref.parent;
    const use = ts.isParenthesizedExpression(parent) ? parent : ref;
    return isConfigOf(use) || (ts.isSpreadAssignment(parent) && ts.isObjectLiteralExpression(parent.parent) && isConfigOf(parent.parent));
  });
  return fits ? object : undefined;
}

/** The shapes of `update({ … })` calls on registered tools and prompts of the file, to wrap in `z.object(…)`. */
export function updateValuesToWrap(facts: FileFacts, upgraded: ReadonlySet<ts.CallExpression>): ts.Expression[] {
  const registered = registeredNames(facts, upgraded);
  const wrap: ts.Expression[] = [];
  walk(facts.file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 'update') return;
    const receiver = unwrap(node.expression.expression);
    const kind = ts.isIdentifier(receiver) ? registered.get(receiver.text) : undefined;
    const updates = node.arguments[0] && unwrap(node.arguments[0]);
    if (!kind || node.arguments.length !== 1 || !ts.isObjectLiteralExpression(updates)) return;
    const keys = kind === 'tool' ? ['paramsSchema', 'outputSchema'] : ['argsSchema'];
    for (const prop of updates.properties) {
      if (!ts.isPropertyAssignment(prop) || !prop.name || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) || !keys.includes(prop.name.text)) continue;
      const valueKind = kindOf(facts, prop.initializer, true);
      if (valueKind === 'literal' || valueKind === 'shape') wrap.push(prop.initializer);
    }
  });
  return wrap;
}

/**
 * Names declared once in the file as the result of a tool or prompt registration the upgrade
 * rewrote as the SDK's (`upgraded`: decided by the receiver's type, see receivers.ts).
 */
function registeredNames(facts: FileFacts, upgraded: ReadonlySet<ts.CallExpression>): Map<string, 'tool' | 'prompt'> {
  const names = new Map<string, 'tool' | 'prompt'>();
  const seen = new Map<string, number>();
  walk(facts.file, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name)) return;
    seen.set(node.name.text, (seen.get(node.name.text) ?? 0) + 1);
    const init = node.initializer && unwrap(node.initializer);
    if (!init || !ts.isCallExpression(init) || !ts.isPropertyAccessExpression(init.expression)) return;
    const method = init.expression.name.text;
    const kind = method === 'tool' || method === 'registerTool' ? 'tool' : method === 'prompt' || method === 'registerPrompt' ? 'prompt' : undefined;
    if (kind && upgraded.has(init)) names.set(node.name.text, kind);
  });
  for (const name of [...names.keys()]) if (seen.get(name) !== 1) names.delete(name);
  return names;
}

/**
 * What a schema value is by syntax: a shape literal, a known raw shape (a same-file const holding a
 * shape literal, or `X.shape`), a schema (a call of the file's zod), absent; else what the
 * checker says of its type where the file's dependencies are installed, or unknown.
 */
function kindOf(facts: FileFacts, expr: ts.Expression | undefined, typed = false): SchemaKind {
  if (expr === undefined) return 'absent';
  const value = unwrap(expr);
  if (ts.isObjectLiteralExpression(value)) return 'literal';
  if (ts.isPropertyAccessExpression(value) && value.name.text === 'shape') return 'shape';
  if (ts.isIdentifier(value)) {
    const init = constInitializerOf(facts, value.text);
    if (init && ts.isObjectLiteralExpression(unwrap(init))) return 'shape';
  }
  if (ts.isCallExpression(value) && facts.zod && !facts.zod.add && rootName(value) === facts.zod.name) return 'schema';
  // What the file does not show (an imported value, say), its type may: where the project's dependencies are installed.
  return typed ? facts.receivers.schemaKind(value) : 'unknown';
}

function rootName(expr: ts.Expression): string | undefined {
  let current = unwrap(expr);
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) current = unwrap(current.expression);
  return ts.isIdentifier(current) ? current.text : undefined;
}

const constCache = new WeakMap<ts.SourceFile, Map<string, ts.Expression | null>>();

/** The initializer of the file's only declaration of `name` when it is a `const`. */
function constInitializerOf(facts: FileFacts, name: string): ts.Expression | undefined {
  let cache = constCache.get(facts.file);
  if (!cache) {
    cache = new Map();
    const counts = new Map<string, number>();
    walk(facts.file, (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name)) return;
      counts.set(node.name.text, (counts.get(node.name.text) ?? 0) + 1);
      const list = node.parent;
      cache!.set(node.name.text, ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const && node.initializer ? node.initializer : null);
    });
    for (const [key, count] of counts) if (count !== 1) cache.set(key, null);
    constCache.set(facts.file, cache);
  }
  return cache.get(name) ?? undefined;
}
