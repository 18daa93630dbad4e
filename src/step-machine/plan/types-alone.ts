// When a handler's carried values can be typed from the file alone. The type-aware view of the file
// (carried-types.ts) loads the user's dependencies, @types/node and the DOM library: seconds for a
// small file. A view of the file with only the ES standard library answers the same for a value
// whose type the file itself spells out and that nothing narrows: the answers are then identical,
// and the dependencies are never loaded. This module decides that from syntax, conservatively (any
// doubt: the full view). The view alone resolves names as the full one does for everything declared
// in the file or in the standard library; what it cannot resolve (imports) makes the check fail.
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.js';
import { type Declared, type HandlerPlan } from './handler-plan.js';
import { referenceNodes } from '../../ast/names.js';
import { STANDARD_TYPES } from '../../analysis/standard-library.js';

/**
 * Whether every question typeHandler asks about `plan` has the same answer in `alone` (the file
 * in a program of its own with the standard library) as in the full view: a TypeScript module,
 * no deferred questions or per-item rounds, no prefixes; every carried value is a hoisted request
 * (no question asked) or a `const` whose type is spelled out in the file (an annotation, a
 * literal, or the declared return type of a function of the file it awaits or calls) and whose
 * every use is a plain read nothing narrows.
 */
export function typedAlone(plan: HandlerPlan, alone: SourceFile): boolean {
  if (!aloneMayAnswer(plan)) return false;
  const check = new Closure(alone);
  return carried(plan).every(({ declared }) => !declared || check.spelledOut(declared.nameNode));
}

/**
 * What typedAlone decides from syntax alone: when this is false, the full view answers for the
 * handler and the view alone need not be built for it.
 */
export function aloneMayAnswer(plan: HandlerPlan): boolean {
  const file = plan.handler.fn.getSourceFile();
  if (!/\.(m|c)?tsx?$/i.test(file.getFilePath()) || !ts.isExternalModule(file.compilerNode)) return false;
  if (plan.deferred.length > 0 || plan.prefixes.length > 0) return false;
  if (plan.containers.some((container) => container.rounds.some((r) => r.batch))) return false;
  return carried(plan).every(({ name, answered, declared }) => !answered && (!declared ||
    (declared.keyword === 'const' && referenceNodes(plan.handler.fn, name).every((ref) => ref === declared.nameNode || isPlainRead(ref)))));
}

/** The values the handler carries, but the requests a lifted helper builds (no question asked of them). */
function carried(plan: HandlerPlan): { name: string; answered: boolean; declared: Declared | undefined }[] {
  return plan.containers.flatMap((container) => {
    const asks = container.rounds.flatMap((r) => r.asks);
    return [...new Set(container.live.flat())]
      .filter((name) => !asks.some((a) => a.requestName === name && a.paramsHoisted))
      .map((name) => ({ name, answered: asks.some((a) => a.answerName === name), declared: container.declared.get(name) }));
  });
}

/** Spelled-out types, checked against the view alone (its nodes are found by position). */
class Closure {
  private readonly seen = new Set<Node>();

  constructor(private readonly alone: SourceFile) {}

  /** A `const` declared with an annotation or an initializer whose type the file spells out. */
  spelledOut(nameNode: Node): boolean {
    const decl = nameNode.getParent();
    if (!decl || !Node.isVariableDeclaration(decl) || decl.getNameNode() !== nameNode) return false;
    const annotation = decl.getTypeNode();
    const init = decl.getInitializer();
    if (!annotation) return init !== undefined && this.expression(init);
    if (!this.typeNode(annotation)) return false;
    // A union is narrowed by the initializer (`const a: string | undefined = f()` reads as string):
    // then the initializer's type must be spelled out too.
    const declared = this.inView(nameNode)?.getType();
    return init === undefined || (declared !== undefined && !declared.isUnion()) || this.expression(init);
  }

  private expression(node: Node): boolean {
    if (Node.isAwaitExpression(node) || Node.isParenthesizedExpression(node)) return this.expression(node.getExpression());
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isNumericLiteral(node) ||
      Node.isTrueLiteral(node) || Node.isFalseLiteral(node)) return true;
    if (Node.isCallExpression(node)) {
      // A function of the file with one signature, no type parameters and a declared return type:
      // the arguments do not change the call's type.
      const callee = node.getExpression();
      if (!Node.isIdentifier(callee) || node.getTypeArguments().length > 0) return false;
      const declarations = this.inView(callee)?.getSymbol()?.getDeclarations() ?? [];
      const fn = declarations[0];
      if (declarations.length !== 1 || !Node.isFunctionDeclaration(fn) || fn.getTypeParameters().length > 0) return false;
      const returned = fn.getReturnTypeNode();
      return returned !== undefined && this.typeNode(returned);
    }
    return false;
  }

  /** A type node whose every named type is declared in the file (and spelled out in turn) or a standard one. */
  private typeNode(node: Node): boolean {
    const nodes = [node, ...node.getDescendants()];
    // Values in types (`typeof x`, a computed key) and import types may be resolved only by the full view.
    if (nodes.some((n) => Node.isTypeQuery(n) || Node.isImportTypeNode(n) || Node.isComputedPropertyName(n))) return false;
    for (const ref of nodes.filter((n) => Node.isTypeReference(n) || Node.isExpressionWithTypeArguments(n))) {
      const name = Node.isTypeReference(ref) ? ref.getTypeName() : ref.getExpression();
      if (!Node.isIdentifier(name)) return false;
      const declarations = this.inView(name)?.getSymbol()?.getDeclarations() ?? [];
      if (declarations.length === 0) return false;
      for (const declaration of declarations) {
        if (declaration.getSourceFile() !== this.alone) {
          if (!STANDARD_TYPES.has(name.getText())) return false;
          continue;
        }
        if (!this.declaration(declaration)) return false;
      }
    }
    return true;
  }

  /** An interface, type alias or type parameter of the file (not in a namespace), spelled out in turn. */
  private declaration(node: Node): boolean {
    if (this.seen.has(node)) return true;
    this.seen.add(node);
    // Inside `declare global` or a namespace, declarations merge with those of other files.
    if (node.getFirstAncestorByKind(SyntaxKind.ModuleDeclaration)) return false;
    // A type parameter's constraint is its apparent type: spelled out too.
    return (Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node) || Node.isTypeParameterDeclaration(node)) && this.typeNode(node);
  }

  /** The view's identifier at `node`'s position (nodes of the view alone already are). */
  private inView(node: Node): Node | undefined {
    if (node.getSourceFile() === this.alone) return node;
    const found = this.alone.getDescendantAtPos(node.getStart());
    return found && Node.isIdentifier(found) && found.getText() === node.getText() ? found : undefined;
  }
}

/**
 * A use whose type is the value's declared one whatever the control flow: read as a whole or
 * through plain member accesses, into a template, a concatenation, an object or array literal, a call's argument
 * (not of a call statement, which could be an assertion), an awaited expression, a declaration's
 * initializer or a return; never in a condition, a comparison, an assignment or a nested function.
 */
export function isPlainRead(ref: Node): boolean {
  let node: Node = ref;
  for (let parent = node.getParent(); parent; node = parent, parent = parent.getParent()) {
    if (Node.isPropertyAccessExpression(parent)) {
      if (parent.getExpression() !== node || parent.hasQuestionDotToken()) return false;
      const call = parent.getParent();
      if (call && Node.isCallExpression(call) && call.getExpression() === parent) return false;
      continue;
    }
    if (Node.isCallExpression(parent)) {
      if (parent.getExpression() === node) return false;
      continue;
    }
    if (Node.isTemplateSpan(parent) || Node.isTemplateExpression(parent) || Node.isObjectLiteralExpression(parent) ||
      Node.isShorthandPropertyAssignment(parent) || Node.isArrayLiteralExpression(parent) || Node.isParenthesizedExpression(parent) ||
      Node.isAwaitExpression(parent) || Node.isSpreadAssignment(parent)) continue;
    // Concatenation narrows nothing.
    if (Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.PlusToken) continue;
    if (Node.isPropertyAssignment(parent)) {
      if (parent.getInitializer() !== node) return false;
      continue;
    }
    if (Node.isVariableDeclaration(parent)) return parent.getInitializer() === node;
    if (Node.isReturnStatement(parent)) return true;
    if (Node.isExpressionStatement(parent)) return !Node.isCallExpression(node);
    return false;
  }
  return false;
}
