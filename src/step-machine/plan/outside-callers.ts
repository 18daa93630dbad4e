// Calls of a handler's function that the run does not update: files of the package outside the run's
// paths, and test files (the run adapts dispatchers, never a test's direct call). Migrating a
// handler that gets no context parameter yet adds one (handler-context.ts); a call that passes fewer
// arguments than the new signature takes would no longer compile, and would get inputRequired(...)
// where it awaited the answer. Such a handler stays as it was, with an error naming those calls.
import { Node, SyntaxKind, type CallExpression, type SourceFile } from '../../ts-morph.js';
import { describeHandler, type HandlerInfo } from '../../analysis/handlers.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { importedRefs, type OutsideImporter } from '../../index/callers-index.js';
import type { FindingInput } from '../../types.js';
import { contextParameterProblem } from './handler-context.js';
import { parseOnTheSide } from '../../ast/side-parse.js';
import { isDefaultExport, isExported } from '../../ast/exports.js';

export const OUTSIDE_CALLER_RULE = 'handler-called-outside-run';

/** How other modules reach a handler's function through what its module exports. */
interface Reach {
  /** The exported name (`default` for a default export). */
  exported: string;
  /** `factory`: the export is a function returning the definition; `value`: the export is the definition. */
  via: 'factory' | 'value';
  /** The definition's property holding the function. */
  member: string;
}

/**
 * Error findings for the handler's questions when migrating it would add a context parameter that
 * calls in `importers` do not pass; undefined when nothing outside calls it with too few arguments.
 */
export function outsideCallRefusal(handler: HandlerInfo, sites: PushSite[], importers: readonly OutsideImporter[] | undefined): FindingInput[] | undefined {
  if (!importers?.length || handler.ctxParam || contextParameterProblem(handler)) return undefined;
  const reach = reachOf(handler);
  if (!reach) return undefined;
  // The migration adds the placeholders it skips and the context: every parameter up to it is then required.
  const needed = handler.ctxIndex + 1;
  // Per file, the lines of the calls that pass too few arguments (or spread them: any number).
  const short = new Map<string, number[]>();
  for (const importer of importers) {
    const parsed = parseOnTheSide(importer.absPath, importer.text);
    try {
      for (const call of handlerCalls(parsed.sourceFile, importer.specifier, reach)) {
        const args = call.getArguments();
        if (args.length >= needed && !args.some((a) => Node.isSpreadElement(a))) continue;
        short.set(importer.path, [...(short.get(importer.path) ?? []), call.getStartLineNumber()]);
      }
    } finally {
      parsed.dispose();
    }
  }
  if (short.size === 0) return undefined;
  const where = describeHandler(handler);
  const count = [...short.values()].reduce((n, lines) => n + lines.length, 0);
  const calls = `the call${count === 1 ? '' : 's'} at ${[...short].map(([file, lines]) => `${file}:${lines.join(',')}`).join(', ')}`;
  const position = ordinal(needed);
  return sites.filter((s) => s.kind !== 'elicitation-id').map((s) => ({
    rule: OUTSIDE_CALLER_RULE,
    severity: 'error' as const,
    pos: s.node.getStart(),
    message:
      `${s.api} in ${where} left as it was: its migration adds the request context as the function's ${position} parameter, ` +
      `which ${calls} (not updated by this run) ${count === 1 ? 'does' : 'do'} not pass; ${count === 1 ? 'it' : 'they'} would no longer compile, ` +
      `and would get inputRequired(...) where ${count === 1 ? 'it awaits' : 'they await'} the answer`,
    suggestion:
      `Update ${count === 1 ? 'that call' : 'those calls'} first: declare the context as the function's ${position} parameter ` +
      `and pass one there (a test can pass a stub and answer the input request on a second call), then run the migration again; ` +
      'or migrate this handler and its callers by hand.',
  }));
}

function ordinal(n: number): string {
  return ['first', 'second', 'third', 'fourth'][n - 1] ?? `${n}th`;
}

/** The export through which other modules call the function: a definition object, or an exported factory of one. */
function reachOf(handler: HandlerInfo): Reach | undefined {
  // Only a function written in the definition gets a parameter added (handler-context.ts).
  const fn = handler.fn;
  const property = Node.isMethodDeclaration(fn) ? fn : fn.getParentIfKind(SyntaxKind.PropertyAssignment);
  const object = property?.getParentIfKind(SyntaxKind.ObjectLiteralExpression);
  if (!property || !object) return undefined;
  const member = property.getName();
  const holder = outerExpression(object).getParent();
  if (Node.isVariableDeclaration(holder)) return exportedName(holder) ? { exported: exportedName(holder)!, via: 'value', member } : undefined;
  if (Node.isExportAssignment(holder)) return { exported: 'default', via: 'value', member };
  // A factory: `return { … }` in it, or the expression body of an arrow.
  const factory = Node.isReturnStatement(holder) ? holder.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) : Node.isArrowFunction(holder) ? holder : undefined;
  if (!factory) return undefined;
  const named = Node.isFunctionDeclaration(factory) ? factory : factory.getParentIfKind(SyntaxKind.VariableDeclaration);
  const exported = named && exportedName(named);
  return exported ? { exported, via: 'factory', member } : undefined;
}

/** Parentheses, `as`, `satisfies` and `!` around an expression: the outermost of them. */
function outerExpression(node: Node): Node {
  let current = node;
  for (let parent = current.getParent(); parent && (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isNonNullExpression(parent)); parent = current.getParent()) {
    current = parent;
  }
  return current;
}

/** The name a declaration is exported under (`default` for a default export), when it is exported. */
function exportedName(node: Node): string | undefined {
  const name = Node.isVariableDeclaration(node) || Node.isFunctionDeclaration(node) ? node.getName() : undefined;
  const statement = Node.isVariableDeclaration(node) ? node.getVariableStatement() : node;
  if (statement && Node.isExportable(statement)) {
    if (isDefaultExport(statement)) return 'default';
    if (isExported(statement) && name) return name;
  }
  if (!name) return undefined;
  // `export { name }` / `export { name as other }` in the module.
  for (const declaration of node.getSourceFile().getExportDeclarations()) {
    if (declaration.getModuleSpecifier()) continue;
    const spec = declaration.getNamedExports().find((e) => e.getName() === name);
    if (spec) return spec.getAliasNode()?.getText() ?? name;
  }
  return undefined;
}

/** The calls of the function in a file that imports its module under `specifier`. */
function handlerCalls(file: SourceFile, specifier: string, reach: Reach): CallExpression[] {
  const refs = importedRefs(file, specifier).get(reach.exported) ?? [];
  const calls: CallExpression[] = [];
  const calledAs = (expression: Node) => {
    const call = expression.getParent();
    return Node.isCallExpression(call) && call.getExpression() === expression ? call : undefined;
  };
  const memberCall = (receiver: Node) => {
    const access = receiver.getParent();
    return Node.isPropertyAccessExpression(access) && access.getExpression() === receiver && access.getName() === reach.member ? calledAs(access) : undefined;
  };
  for (const ref of refs) {
    if (reach.via === 'value') {
      const call = memberCall(ref);
      if (call) calls.push(call);
      continue;
    }
    // A factory: `make(…).handler(…)`, or `const tool = [await] make(…)` then `tool.handler(…)` in that scope.
    const made = calledAs(ref);
    if (!made) continue;
    const result = awaitedOuter(made);
    const direct = memberCall(result);
    if (direct) calls.push(direct);
    const declaration = result.getParent();
    if (!Node.isVariableDeclaration(declaration) || declaration.getInitializer() !== result) continue;
    const name = declaration.getNameNode();
    if (!Node.isIdentifier(name)) continue;
    const scope = declaration.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a)) ?? file;
    for (const id of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const call = id !== name && id.getText() === name.getText() ? memberCall(id) : undefined;
      if (call) calls.push(call);
    }
  }
  return calls;
}

/** `await x`, `(x)`, `x as T` around a call: the outermost. */
function awaitedOuter(node: Node): Node {
  let current = outerExpression(node);
  while (Node.isAwaitExpression(current.getParent())) current = outerExpression(current.getParent()!);
  return current;
}
