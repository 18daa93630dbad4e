// Which code may run again on every leg of a multi-round call without changing behaviour: code
// that computes the same value from the same re-sent arguments and has no side effects. Used for
// the statements and conditions on the path to a question that sits inside an if or try block.
import { isMemberName } from '../ast/references.js';
import { Node, SyntaxKind, outermostOfKinds, type CallExpression, type Statement } from '../ts-morph.js';
import { importBindings } from '../ast/compiler-nodes.js';
import { resolveIdentifier } from '../ast/resolve.js';
import { isExported } from '../ast/exports.js';

const PURE_FUNCTIONS = new Set([
  'String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'encodeURIComponent', 'decodeURIComponent',
  'encodeURI', 'decodeURI', 'isNaN', 'isFinite',
]);

/**
 * Static calls that compute a value and touch nothing (Math.random and Date.now are not).
 * process.cwd() reads the working directory, which a server does not change between the legs of one call.
 */
const PURE_STATIC = /^(process\.cwd|JSON\.(stringify|parse)|Math\.(abs|ceil|floor|round|max|min|pow|sqrt|sign|trunc|log|log2|log10|exp)|Array\.(isArray|from|of)|Object\.(keys|values|entries|fromEntries|freeze)|Number\.(isInteger|isFinite|isNaN|parseInt|parseFloat|isSafeInteger)|String\.(fromCharCode))$/;

/** Methods that read their receiver and return a new value. */
const PURE_METHODS = new Set([
  'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'includes', 'startsWith', 'endsWith', 'join',
  'slice', 'split', 'toString', 'padStart', 'padEnd', 'at', 'indexOf', 'lastIndexOf', 'charAt', 'concat',
  'toFixed', 'replace', 'replaceAll', 'substring', 'normalize', 'repeat', 'localeCompare', 'has', 'get',
  'map', 'filter', 'some', 'every', 'find', 'findIndex', 'flatMap', 'reduce', 'flat', 'keys', 'values', 'entries',
]);

/**
 * `pureCall`: more calls the caller knows to be pure (functions of the same module whose bodies
 * are, see stable-code.ts); by default only the built-ins below count.
 */
export function isPureExpression(node: Node | undefined, pureCall?: (call: CallExpression) => boolean): boolean {
  if (!node) return true;
  if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) {
    // A function value is harmless; its body matters only where it is called (map/filter…).
    const body = node.getBody();
    return Node.isBlock(body) ? body.getStatements().every((st) => isPureStatement(st, pureCall)) : isPureExpression(body, pureCall);
  }
  if (writesOrWaits(node)) return false;
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    const name = callee.getText();
    // Reading the client's capabilities is pure too: each leg declares them again (and the
    // migration turns the call into a read of this request's envelope).
    const capabilities = /(^|\.)getClientCapabilities$/.test(name) || name === 'clientCapabilities';
    const pureCallee = capabilities || PURE_FUNCTIONS.has(name) || PURE_STATIC.test(name) ||
      (Node.isPropertyAccessExpression(callee) && PURE_METHODS.has(callee.getName()) && isPureExpression(callee.getExpression(), pureCall)) ||
      (Node.isPropertyAccessExpression(callee) && callee.getName() === 'test' && isStatelessRegex(callee.getExpression())) ||
      (pureCall !== undefined && pureCall(node));
    return pureCallee && node.getArguments().every((a) => isPureExpression(a, pureCall));
  }
  if (Node.isNewExpression(node)) {
    // new Error(…) in a guard's throw is fine; other constructions are not.
    return /Error$/.test(node.getExpression().getText()) && (node.getArguments() ?? []).every((a) => isPureExpression(a, pureCall));
  }
  if (Node.isTaggedTemplateExpression(node)) return false;
  // Every other node (and token) is pure when what it holds is: only the kinds above decide, so
  // only those are wrapped (wrapping every token of a large params object was most of the cost).
  return (outermostOfKinds(node, DECIDING_KINDS) ?? node.getChildren()).every((child) => isPureExpression(child, pureCall));
}

/** The kinds isPureExpression looks at itself; it passes every other node on to its children. */
const DECIDING_KINDS = [
  SyntaxKind.ArrowFunction, SyntaxKind.FunctionExpression, SyntaxKind.AwaitExpression, SyntaxKind.DeleteExpression, SyntaxKind.YieldExpression,
  SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression, SyntaxKind.CallExpression,
  SyntaxKind.NewExpression, SyntaxKind.TaggedTemplateExpression,
];

/** Calls that only make a fresh value (an id, a number, a signal): evaluating one and dropping it loses nothing. */
const FRESH_VALUE_CALLS = /^(?:(?:crypto\.)?randomUUID|Date\.now|Math\.random|AbortSignal\.(?:timeout|any|abort))$/;
const FRESH_OBJECTS = /^(?:AbortController|Date|URL|URLSearchParams|Map|Set|WeakMap|WeakSet|\w*Error)$/;

/**
 * Whether evaluating `node` has no effect a program could see afterwards, so that code which drops
 * the expression (a field or argument 2026-07-28 has no place for) loses nothing: pure code, a
 * function value whatever its body does (creating it runs nothing), fresh ids and signals.
 */
export function evaluatesWithoutEffects(node: Node): boolean {
  if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return true;
  if (Node.isCallExpression(node) && FRESH_VALUE_CALLS.test(node.getExpression().getText())) return node.getArguments().every(evaluatesWithoutEffects);
  if (Node.isNewExpression(node) && FRESH_OBJECTS.test(node.getExpression().getText())) return (node.getArguments() ?? []).every(evaluatesWithoutEffects);
  if (Node.isCallExpression(node) && zodBuilder(node)) return node.getArguments().every(evaluatesWithoutEffects);
  if (Node.isCallExpression(node) || Node.isNewExpression(node)) return isPureExpression(node);
  if (writesOrWaits(node) || Node.isTaggedTemplateExpression(node)) return false;
  return (outermostOfKinds(node, DECIDING_KINDS) ?? node.getChildren()).every(evaluatesWithoutEffects);
}

/** An await, delete or yield, an assignment, or ++ / --: the node itself changes or waits on something. */
function writesOrWaits(node: Node): boolean {
  if (Node.isAwaitExpression(node) || Node.isDeleteExpression(node) || Node.isYieldExpression(node)) return true;
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    return op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment;
  }
  return (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) &&
    (node.getOperatorToken() === SyntaxKind.PlusPlusToken || node.getOperatorToken() === SyntaxKind.MinusMinusToken);
}

/** `z.object({ … }).optional()`: a schema built with zod (imported from zod), which only makes values. */
function zodBuilder(call: CallExpression): boolean {
  let callee: Node = call.getExpression();
  while (Node.isPropertyAccessExpression(callee) || Node.isCallExpression(callee)) {
    if (Node.isCallExpression(callee) && !callee.getArguments().every(evaluatesWithoutEffects)) return false;
    callee = callee.getExpression();
  }
  return isZodImport(callee);
}

/** A name the file imports from zod (`z`). */
function isZodImport(node: Node): boolean {
  if (!Node.isIdentifier(node)) return false;
  const binding = importBindings(node.getSourceFile().compilerNode).get(node.getText());
  return binding !== undefined && /^zod(?:\/|$)/.test(binding.module);
}

/**
 * `Schema.parse(x)` / `Schema.safeParse(x)` with `Schema` a const of the file's top level built by
 * zod from literals alone (`z.object({ q: z.string().min(1) })`: no functions, no other names), so
 * that parsing runs no code of the user's: the same input gives the same value (or error) on every
 * leg, and nothing else happens. (A `.refine(fn)`, `.transform(fn)` or a schema of another name
 * could do anything: not these.)
 */
export function isLiteralZodParse(call: CallExpression): boolean {
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || !['parse', 'safeParse'].includes(callee.getName())) return false;
  const schema = callee.getExpression();
  if (!Node.isIdentifier(schema)) return false;
  // The nearest declaration of the name (not a const it shadows), a const at the top of the file.
  const declaration = resolveIdentifier(schema);
  const list = declaration?.getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || !Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== 'const' ||
    list.getParent()?.getParent() !== schema.getSourceFile()) return false;
  const init = declaration.getInitializer();
  if (!init || !Node.isCallExpression(init)) return false;
  const builders = [init, ...init.getDescendantsOfKind(SyntaxKind.CallExpression)].every(zodBuilder);
  // Read values: only the zod binding the chain starts from (the leftmost name, `z`).
  const names = init.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => !isMemberName(id));
  return builders && names.every((id) => id.getText() === names[0].getText()) &&
    !init.getDescendants().some((n) => Node.isArrowFunction(n) || Node.isFunctionExpression(n));
}

/**
 * `id` is the schema of an isLiteralZodParse call, declared in this module and not exported: no
 * code can change what it holds (zod's methods make new schemas), so it reads the same on every leg.
 */
export function isLiteralZodSchemaRead(id: Node): boolean {
  const access = id.getParent();
  const call = access?.getParent();
  if (!access || !Node.isPropertyAccessExpression(access) || access.getExpression() !== id || !call || !Node.isCallExpression(call) ||
    call.getExpression() !== access || !isLiteralZodParse(call)) return false;
  const statement = Node.isIdentifier(id) ? resolveIdentifier(id)?.getParent()?.getParent() : undefined;
  return statement !== undefined && Node.isVariableStatement(statement) && !isExported(statement);
}

export function isPureStatement(statement: Statement | Node, pureCall?: (call: CallExpression) => boolean): boolean {
  if (Node.isVariableStatement(statement)) {
    return statement.getDeclarations().every((d) => isPureExpression(d.getInitializer(), pureCall));
  }
  if (Node.isIfStatement(statement)) {
    return isPureExpression(statement.getExpression(), pureCall) && isPureStatement(statement.getThenStatement(), pureCall) &&
      (statement.getElseStatement() === undefined || isPureStatement(statement.getElseStatement()!, pureCall));
  }
  if (Node.isBlock(statement)) return statement.getStatements().every((st) => isPureStatement(st, pureCall));
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement)) return isPureExpression(statement.getExpression(), pureCall);
  if (Node.isEmptyStatement(statement)) return true;
  if (Node.isTypeAliasDeclaration(statement) || Node.isInterfaceDeclaration(statement)) return true;
  if (Node.isExpressionStatement(statement)) return Node.isStringLiteral(statement.getExpression());
  return false;
}

/** Methods of arrays, strings, maps and sets that only read their receiver. */
const READING_METHODS = new Set(['includes', 'indexOf', 'lastIndexOf', 'join', 'slice', 'map', 'filter', 'some', 'every', 'find',
  'findIndex', 'findLast', 'findLastIndex', 'at', 'has', 'get', 'keys', 'values', 'entries', 'toString', 'concat', 'flatMap', 'flat',
  'reduce', 'startsWith', 'endsWith', 'trim', 'split', 'toLowerCase', 'toUpperCase']);

/**
 * `node` may change the object `name` holds: anything but reading members of it (a method that
 * only reads, with pure arguments; a property in an expression; the params of a question). Passing
 * it on or aliasing it counts.
 */
export function changesInPlace(node: Node, name: string, asked: (n: Node) => boolean, passingCounts = true): boolean {
  return valueReferences(node, name).some((id) => {
    // Sending it as part of a question reads it.
    if (asked(id)) return false;
    let top: Node = id;
    const wraps = (n: Node) => Node.isPropertyAccessExpression(n) || Node.isElementAccessExpression(n) || Node.isParenthesizedExpression(n) ||
      Node.isAsExpression(n) || Node.isNonNullExpression(n) || Node.isSatisfiesExpression(n);
    for (let up = top.getParent(); up && wraps(up) && (up as import('ts-morph').PropertyAccessExpression).getExpression() === top; up = top.getParent()) {
      top = up;
    }
    const parent = top.getParent();
    if (!parent) return true;
    if (Node.isCallExpression(parent) && parent.getExpression() === top) {
      let receiver: Node | undefined = Node.isPropertyAccessExpression(top) ? top.getExpression() : undefined;
      while (receiver && (Node.isParenthesizedExpression(receiver) || Node.isAsExpression(receiver) || Node.isNonNullExpression(receiver) || Node.isSatisfiesExpression(receiver))) {
        receiver = receiver.getExpression();
      }
      return !(Node.isPropertyAccessExpression(top) && receiver === id && READING_METHODS.has(top.getName()) &&
        parent.getArguments().every((a) => isPureExpression(a)));
    }
    if (top === id) {
      if (!passingCounts) return false;
      // The value itself: fine in a condition, a comparison or a template; anywhere else it may be passed on.
      return !(Node.isTemplateSpan(parent) || Node.isIfStatement(parent) || Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.ExclamationToken ||
        Node.isBinaryExpression(parent) && !(parent.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && parent.getOperatorToken().getKind() <= SyntaxKind.LastAssignment));
    }
    if (Node.isDeleteExpression(parent)) return true;
    if ((Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) &&
      (parent.getOperatorToken() === SyntaxKind.PlusPlusToken || parent.getOperatorToken() === SyntaxKind.MinusMinusToken)) return true;
    return Node.isBinaryExpression(parent) && parent.getLeft() === top &&
      parent.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && parent.getOperatorToken().getKind() <= SyntaxKind.LastAssignment;
  });
}

/** Names `node` reads as values (not property names or types). */
export function valueNames(node: Node): string[] {
  return [...new Set(valueReferences(node).map((id) => id.getText()))];
}

/** Identifiers (named `name`, when given) that refer to a value (not a property name or a type). */
function valueReferences(node: Node, name?: string): Node[] {
  return node.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
    if (name !== undefined && id.getText() !== name) return false;
    const parent = id.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if ((Node.isPropertyAssignment(parent) || Node.isBindingElement(parent)) && (parent.getNameNode() === id || (Node.isBindingElement(parent) && parent.getPropertyNameNode() === id))) return false;
    return !(Node.isTypeReference(parent) || Node.isQualifiedName(parent));
  });
}

/** Array methods that call their callback with the receiver's elements. */
const ELEMENT_CALLBACKS = new Set(['some', 'every', 'find', 'findIndex', 'filter', 'map', 'flatMap', 'forEach']);

/**
 * A regular expression whose `test` keeps no state between calls (no g or y flag): a literal, a
 * `const` bound to one, or the element parameter of `LIST.some((re) => …)` over a `const` array of them.
 */
function isStatelessRegex(node: Node, depth = 0): boolean {
  if (depth > 3) return false;
  if (Node.isRegularExpressionLiteral(node)) return !/[gy]/.test(node.getLiteralText().slice(node.getLiteralText().lastIndexOf('/') + 1));
  if (Node.isParenthesizedExpression(node)) return isStatelessRegex(node.getExpression(), depth);
  if (!Node.isIdentifier(node)) return false;
  const name = node.getText();
  for (let scope: Node | undefined = node.getParent(); scope; scope = scope.getParent()) {
    if (Node.isCatchClause(scope) && scope.getVariableDeclaration()?.getName() === name) return false;
    if (Node.isFunctionLikeDeclaration(scope) || Node.isArrowFunction(scope) || Node.isFunctionExpression(scope)) {
      const index = scope.getParameters().findIndex((p) => p.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier).some((i) => i.getText() === name) || p.getName() === name);
      if (index > 0 || (index === 0 && !Node.isArrowFunction(scope) && !Node.isFunctionExpression(scope))) return false;
      if (index === 0) {
        const call = scope.getParent();
        if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== scope) return false;
        const callee = call.getExpression();
        return Node.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.getName()) &&
          isStatelessRegexList(callee.getExpression(), depth + 1);
      }
    }
    const init = constInitializer(scope, name);
    if (init !== null) return init !== undefined && isStatelessRegex(init, depth + 1);
  }
  return false;
}

function isStatelessRegexList(node: Node, depth: number): boolean {
  let list: Node | undefined = node;
  if (Node.isIdentifier(node)) {
    list = undefined;
    for (let scope: Node | undefined = node.getParent(); scope; scope = scope.getParent()) {
      const init = constInitializer(scope, node.getText());
      if (init !== null) {
        list = init;
        break;
      }
    }
  }
  while (list && (Node.isAsExpression(list) || Node.isParenthesizedExpression(list))) list = list.getExpression();
  return list !== undefined && Node.isArrayLiteralExpression(list) && list.getElements().every((e) => isStatelessRegex(e, depth + 1));
}

/**
 * In a block or file: the initializer of the `const` declaring `name` (undefined for any other
 * declaration of it); null when the scope does not declare it.
 */
function constInitializer(scope: Node, name: string): Node | undefined | null {
  if (!Node.isBlock(scope) && !Node.isSourceFile(scope)) return null;
  for (const st of scope.getStatements()) {
    if ((Node.isFunctionDeclaration(st) || Node.isClassDeclaration(st)) && st.getName() === name) return undefined;
    if (!Node.isVariableStatement(st)) continue;
    const decl = st.getDeclarations().find((d) => Node.isIdentifier(d.getNameNode()) && d.getName() === name);
    if (decl) return st.getDeclarationKind() === 'const' ? decl.getInitializer() : undefined;
    // Bound by a destructuring: not a literal we can see.
    if (st.getDeclarations().some((d) => !Node.isIdentifier(d.getNameNode()) && d.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier).some((i) => i.getText() === name))) return undefined;
  }
  return null;
}
