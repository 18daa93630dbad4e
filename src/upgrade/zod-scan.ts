// What the zod 3 → 4 checks of one file share (src/upgrade/zod-upgrade.ts is the entry): which
// names are zod 3's, which expressions are zod schemas, and where edits and errors go. Syntax alone
// decides: a chain counts as zod's when it starts at a name imported from a zod 3 module, or at a
// same-file const whose initializer is such a chain.
import { ts } from '../ts-morph.js';
import type { FindingInput, TextEdit } from '../types.js';
import { importBindings, unwrap, walk } from '../ast/compiler-nodes.js';

export const ZOD_UPGRADE_RULE = 'zod-upgrade';

/**
 * Which of a file's zod imports are zod 3 code once the package's zod is ^4.2:
 * - `zod3`: the run raises the package's zod from 3 to ^4.2 (or declares ^4.2 where the code used
 *   the v1 SDK's own zod 3): imports of `zod` and of `zod/v3`;
 * - `v3-subpath`: the package's zod is 4 already: imports of `zod/v3` only.
 * `zod/v4` is zod 4 under both (zod keeps that subpath for good), and stays as it is.
 */
export type ZodCode = 'zod3' | 'v3-subpath';

export function zod3Modules(code: ZodCode): ReadonlySet<string> {
  return new Set(code === 'zod3' ? ['zod', 'zod/v3'] : ['zod/v3']);
}

/** The modules that are zod 4 under `code`. */
export function zod4Modules(code: ZodCode): ReadonlySet<string> {
  return new Set(code === 'zod3' ? ['zod/v4', 'zod/mini', 'zod/v4-mini'] : ['zod', 'zod/v4', 'zod/mini', 'zod/v4-mini']);
}

/** A range of the text an edit removes or replaces: errors inside it are not reported. */
type Range = readonly [number, number];

export interface ZodScan {
  file: ts.SourceFile;
  /** Local names of zod 3's namespace (`z`, `* as z`, the default import). */
  namespaces: ReadonlySet<string>;
  /** Local name → exported name, for zod 3's named imports. */
  named: ReadonlyMap<string, string>;
  /** The file's zod 3 names all come from `zod/v3` (its errors then say so). */
  onlyV3Subpath: boolean;
  /** Local names of zod-to-json-schema's values. */
  toJsonSchema: ReadonlySet<string>;
  /** Names of safeParse results (`const r = [await] schema.safeParse(…)`). */
  parseResults: ReadonlySet<string>;
  /** Same-file `const name = …` initializers (names declared once). */
  consts: ReadonlyMap<string, ts.Expression>;
  edits: TextEdit[];
  findings: FindingInput[];
  /** Ranges the edits replace (an error inside one is moot). */
  replaced: Range[];
  isNamespace: (node: ts.Node) => node is ts.Identifier;
}

export function newScan(file: ts.SourceFile, code: ZodCode): ZodScan {
  const modules = zod3Modules(code);
  const namespaces = new Set<string>();
  const named = new Map<string, string>();
  const bindings = importBindings(file);
  let fromRoot = false;
  for (const [local, binding] of bindings) {
    if (!modules.has(binding.module)) continue;
    if (binding.module === 'zod') fromRoot = true;
    if (binding.imported === '*' || binding.imported === 'default' || binding.imported === 'z') namespaces.add(local);
    else named.set(local, binding.imported);
  }
  // A package already on zod 4 goes on calling zod-to-json-schema on its zod 4 schemas as before:
  // only files whose zod 3 imports the run moves to zod 4 are its business.
  const toJsonSchema = new Set(
    code === 'v3-subpath' && namespaces.size === 0 && named.size === 0
      ? []
      : [...bindings].filter(([, b]) => b.module === 'zod-to-json-schema' && !b.typeOnly).map(([local]) => local),
  );
  const scan: ZodScan = {
    file,
    namespaces,
    named,
    onlyV3Subpath: !fromRoot && (namespaces.size > 0 || named.size > 0),
    toJsonSchema,
    parseResults: safeParseResults(file),
    consts: constInitializers(file),
    edits: [],
    findings: [],
    replaced: [],
    isNamespace: (node: ts.Node): node is ts.Identifier => ts.isIdentifier(node) && namespaces.has(node.text),
  };
  return scan;
}

/** Reports a line that would not typecheck (or `consequence`) under zod 4. */
export function zodError(scan: ZodScan, node: ts.Node, why: string, what: string, consequence?: string): void {
  const pos = node.getStart(scan.file);
  if (scan.replaced.some(([start, end]) => pos >= start && pos < end)) return;
  // Said of a package the run keeps on v1 for it (src/runner.ts): raising zod would break this line.
  const under = scan.onlyV3Subpath
    ? `this file's zod 3 (\`zod/v3\`) can become zod 4 (\`zod\`, whose schemas the v2 SDK takes) only once this line is zod 4's: the package stays on the v1 SDK and its zod as it was`
    : `the v2 SDK needs zod ^4.2, under which ${consequence ?? 'this line would not typecheck'}: the package stays on the v1 SDK and its zod as it was`;
  scan.findings.push({
    rule: ZOD_UPGRADE_RULE,
    severity: 'error',
    pos,
    message: `${why}; ${under}`,
    suggestion: `${what} Then run the migration again.`,
    marker: false,
  });
}

/** An edit that replaces `[start, end)`; errors inside the range are no longer reported. */
export function replace(scan: ZodScan, start: number, end: number, text: string): void {
  scan.edits.push({ start, end, text });
  if (end > start) scan.replaced.push([start, end]);
}

/** The identifier a chain of calls and property reads starts from (`z` of `z.object({}).strict()`). */
export function rootOf(expr: ts.Expression): ts.Identifier | undefined {
  let current = unwrap(expr);
  for (;;) {
    if (ts.isPropertyAccessExpression(current) || ts.isCallExpression(current)) current = unwrap(current.expression);
    else return ts.isIdentifier(current) ? current : undefined;
  }
}

/** A chain starting at zod 3's namespace or one of its named imports. */
export function isZodChain(scan: ZodScan, expr: ts.Expression): boolean {
  const root = rootOf(expr);
  return root !== undefined && (scan.namespaces.has(root.text) || scan.named.has(root.text));
}

/**
 * A zod 3 schema by syntax: a zod chain with at least one call (`z.string().min(1)`), or a chain on
 * a same-file const holding one (`Base.extend({…})` for `const Base = z.object({…})`).
 */
export function isZodSchema(scan: ZodScan, expr: ts.Expression, depth = 0): boolean {
  const root = rootOf(expr);
  if (!root || depth > 8) return false;
  if (scan.namespaces.has(root.text) || scan.named.has(root.text)) return ts.isCallExpression(unwrap(expr)) || hasCall(expr);
  const init = scan.consts.get(root.text);
  return init !== undefined && isZodSchema(scan, init, depth + 1);
}

function hasCall(expr: ts.Expression): boolean {
  let current = unwrap(expr);
  for (;;) {
    if (ts.isCallExpression(current)) return true;
    if (ts.isPropertyAccessExpression(current)) current = unwrap(current.expression);
    else return false;
  }
}

/** The exported zod name a callee stands for: `z.string` or a named `string` import. */
export function zodFactory(scan: ZodScan, callee: ts.Expression): string | undefined {
  const target = unwrap(callee);
  if (ts.isPropertyAccessExpression(target) && scan.isNamespace(unwrap(target.expression))) return target.name.text;
  if (ts.isIdentifier(target)) return scan.named.get(target.text);
  return undefined;
}

/** The zod name a type or expression names: `z.ZodError`, `ZodError` imported by name. */
export function zodName(scan: ZodScan, name: ts.EntityName | ts.Expression): string | undefined {
  if (ts.isQualifiedName(name)) return ts.isIdentifier(name.left) && scan.namespaces.has(name.left.text) ? name.right.text : undefined;
  if (ts.isPropertyAccessExpression(name)) return scan.isNamespace(unwrap(name.expression)) ? name.name.text : undefined;
  if (ts.isIdentifier(name)) return scan.named.get(name.text);
  return undefined;
}

/** Names declared as `const result = [await] schema.safeParse(…)` (or safeParseAsync). */
function safeParseResults(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  walk(file, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    if (isSafeParseCall(node.initializer)) names.add(node.name.text);
  });
  return names;
}

/** `[await] schema.safeParse(…)` (or safeParseAsync), parentheses allowed. */
export function isSafeParseCall(expr: ts.Expression): boolean {
  let init = unwrap(expr);
  if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
  return ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && /^safeParse(?:Async)?$/.test(init.expression.name.text);
}

/** Every `const name = …` whose name the file declares once. */
function constInitializers(file: ts.SourceFile): Map<string, ts.Expression> {
  const counts = new Map<string, number>();
  const inits = new Map<string, ts.Expression>();
  walk(file, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      counts.set(node.name.text, (counts.get(node.name.text) ?? 0) + 1);
      const list = node.parent;
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const && node.initializer) inits.set(node.name.text, node.initializer);
    }
  });
  for (const name of [...inits.keys()]) if (counts.get(name) !== 1) inits.delete(name);
  return inits;
}

const assignedCache = new WeakMap<ts.SourceFile, Set<string>>();

/** Names the file assigns to after their declaration (`x = …`, `x += …`, `x++`, `[x] = …`). */
export function assignedNames(file: ts.SourceFile): Set<string> {
  const cached = assignedCache.get(file);
  if (cached) return cached;
  const names = new Set<string>();
  assignedCache.set(file, names);
  const targets = (node: ts.Node): void => {
    const target = ts.isParenthesizedExpression(node) ? node.expression : node;
    if (ts.isIdentifier(target)) names.add(target.text);
    else if (ts.isArrayLiteralExpression(target)) target.elements.forEach(targets);
    else if (ts.isObjectLiteralExpression(target)) {
      for (const prop of target.properties) {
        if (ts.isShorthandPropertyAssignment(prop)) names.add(prop.name.text);
        else if (ts.isPropertyAssignment(prop)) targets(prop.initializer);
        else if (ts.isSpreadAssignment(prop)) targets(prop.expression);
      }
    } else if (ts.isSpreadElement(target)) targets(target.expression);
    else if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.EqualsToken) targets(target.left);
  };
  walk(file, (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) targets(node.left);
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) targets(node.operand);
  });
  return names;
}
