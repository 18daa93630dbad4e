// Code a lifted helper runs on the way to its question may run again on every leg of the call (the
// handler rebuilds the request from the re-sent arguments) only when it computes the same value
// each time and changes nothing: pure by purity.ts, calling only functions of the same module that
// are such code themselves, and reading no module variable that may change in between (`let`,
// `var`: a "current server" set at start-up, a counter). Otherwise the request is built once, on
// the leg that reaches the question first, and travels in the state.
import { Node, SyntaxKind, type CallExpression, type Statement } from '../../ts-morph.js';
import { bindingNames } from '../../ast/names.js';
import { isPureExpression, isPureStatement } from '../../analysis/purity.js';
import { isPropertyName } from '../../ast/references.js';

/** How deep calls of same-module functions are followed. */
const MAX_CALL_DEPTH = 3;

export interface StableCode {
  expression(node: Node | undefined): boolean;
  /** Pure, calls of the module's pure functions included; reads of module variables allowed. */
  effectFree(node: Node): boolean;
  statement(statement: Statement): boolean;
}

/** The checks for code inside `fn` (a helper of its module). */
export function stableCode(fn: Node): StableCode {
  const file = fn.getSourceFile();
  const mutable = new Set(file.getVariableStatements().filter((st) => st.getDeclarationKind() !== 'const')
    .flatMap((st) => st.getDeclarations().flatMap((d) => bindingNames(d.getNameNode()))));
  const functions = new Map<string, Node>();
  for (const f of file.getFunctions()) if (f.getName() && f.getBody()) functions.set(f.getName()!, f);
  for (const st of file.getVariableStatements()) {
    if (st.getDeclarationKind() !== 'const') continue;
    for (const d of st.getDeclarations()) {
      const init = d.getInitializer();
      if (Node.isIdentifier(d.getNameNode()) && init && (Node.isArrowFunction(init) || Node.isFunctionExpression(init))) functions.set(d.getName(), init);
    }
  }
  const known = new Map<Node, boolean>();
  const visiting = new Set<Node>();

  /** `name` reads a module variable that may change (not a local of `scope` that shadows it). */
  const readsMutable = (node: Node, scope: Node) => {
    const locals = localNames(scope);
    return [node, ...node.getDescendantsOfKind(SyntaxKind.Identifier)].some((id) =>
      Node.isIdentifier(id) && mutable.has(id.getText()) && !locals.has(id.getText()) && !isPropertyName(id) && !inTypeName(id));
  };

  const pureCall = (call: CallExpression): boolean => {
    const callee = call.getExpression();
    const target = Node.isIdentifier(callee) ? functions.get(callee.getText()) : undefined;
    if (!target || target === fn || visiting.has(target) || visiting.size >= MAX_CALL_DEPTH) return false;
    const cached = known.get(target);
    if (cached !== undefined) return cached;
    visiting.add(target);
    try {
      const f = target as import('ts-morph').FunctionDeclaration;
      const plain = f.getParameters().every((p) => Node.isIdentifier(p.getNameNode()) && !p.getDotDotDotToken() && isPureExpression(p.getInitializer()));
      const body = f.getBody();
      const pure = plain && body !== undefined && !f.isAsync() && !f.isGenerator() && !readsMutable(body, target) &&
        (Node.isBlock(body) ? body.getStatements().every((st) => isPureStatement(st, pureCall)) : isPureExpression(body, pureCall));
      known.set(target, pure);
      return pure;
    } finally {
      visiting.delete(target);
    }
  };

  return {
    expression: (node) => node === undefined || (isPureExpression(node, pureCall) && !readsMutable(node, fn)),
    effectFree: (node) => isPureExpression(node, pureCall),
    statement: (st) => isPureStatement(st, pureCall) && !readsMutable(st, fn),
  };
}

/** The parameters and locals a function declares (they shadow module names of the same spelling). */
function localNames(fn: Node): Set<string> {
  const out = new Set<string>();
  if (Node.isFunctionLikeDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) {
    for (const p of fn.getParameters()) for (const n of bindingNames(p.getNameNode())) out.add(n);
  }
  for (const d of fn.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) for (const n of bindingNames(d.getNameNode())) out.add(n);
  return out;
}

/** `A` of `A.B` or `A` in a type: a name the type checker reads, never the running code. */
function inTypeName(id: Node): boolean {
  const parent = id.getParent();
  return Node.isQualifiedName(parent) || Node.isTypeReference(parent);
}
