// Which values declared outside a handler a retry may find changed. A value recomputed on every
// leg (recomputed.ts) must read only what holds the same contents on every leg of one call: between the
// legs this call's first leg ran, and any other request may have been served. So a binding outside
// the handler is fixed only when nothing can change what it holds: a function, an enum, a global,
// a `const` holding a primitive, or a `const` object, array or Map whose contents no code in its
// scope changes — in place, through an alias taken from it (`const item = items.get(k); item.n++`),
// or by code it is handed to — and that no other module can reach (not exported). `let`s,
// parameters of an enclosing function and imports (their module is not seen here) may change.
import { Node, SyntaxKind, type ClassDeclaration, type VariableStatement } from '../../ts-morph.js';
import { unwrapExpression } from '../../ast/unwrap.js';
import { isExported } from '../../ast/exports.js';

/** Where `name`, read in `fn` and declared outside it, is declared (undefined: a global such as Math or process). */
export type OutsideDeclaration =
  | { kind: 'parameter' | 'import' }
  | { kind: 'variable'; keyword: 'const' | 'let' | 'var'; statement: VariableStatement; initializer?: Node; nameNode: Node; scope: Node }
  | { kind: 'function' | 'enum' }
  | { kind: 'class'; statement: ClassDeclaration; scope: Node };

export function outsideDeclaration(name: string, fn: Node): OutsideDeclaration | undefined {
  for (let scope: Node | undefined = fn.getParent(); scope; scope = scope.getParent()) {
    if (Node.isFunctionLikeDeclaration(scope) && scope.getParameters().some((p) => boundIdentifiers(p.getNameNode()).some((id) => id.getText() === name))) return { kind: 'parameter' };
    if (!Node.isBlock(scope) && !Node.isSourceFile(scope)) continue;
    for (const st of scope.getStatements()) {
      if (Node.isVariableStatement(st)) {
        for (const declaration of st.getDeclarations()) {
          const nameNode = boundIdentifiers(declaration.getNameNode()).find((id) => id.getText() === name);
          if (nameNode) return { kind: 'variable', keyword: st.getDeclarationKind() as 'const' | 'let' | 'var', statement: st, initializer: declaration.getInitializer(), nameNode, scope };
        }
      }
      if (Node.isFunctionDeclaration(st) && st.getName() === name) return { kind: 'function' };
      if (Node.isEnumDeclaration(st) && st.getName() === name) return { kind: 'enum' };
      if (Node.isClassDeclaration(st) && st.getName() === name) return { kind: 'class', statement: st, scope };
      if (Node.isImportDeclaration(st) && importsName(st, name)) return { kind: 'import' };
    }
  }
  return undefined;
}

/** Whether `name`, read in `fn` and declared outside it, may hold something else on a later leg. */
export function changesBetweenLegs(name: string, fn: Node): boolean {
  const declared = outsideDeclaration(name, fn);
  switch (declared?.kind) {
    case undefined:
    case 'function':
    case 'enum':
      return false;
    case 'parameter':
    case 'import':
      return true;
    case 'class':
      // A class's static members are state like any object's.
      return exported(declared.scope, name, isExported(declared.statement)) || changedIn(declared.scope, declared.statement.getNameNode()!, 0);
    case 'variable':
      if (declared.keyword !== 'const') return true;
      if (holdsPrimitive(declared.initializer)) return false;
      return exported(declared.scope, name, isExported(declared.statement)) || changedIn(declared.scope, declared.nameNode, 0);
  }
}

/**
 * `expr` may evaluate to an object held by a binding it reads (`items.get(name)`, `config.limits`,
 * `list.find(…)`), rather than to a primitive or a fresh value computed from it (`items.length + 1`,
 * a template, a comparison): code that changes it in place changes what that binding holds.
 */
export function mayHoldSharedObject(expr: Node): boolean {
  const inner = unwrapExpression(expr);
  if (Node.isIdentifier(inner) || Node.isElementAccessExpression(inner)) return true;
  if (Node.isPropertyAccessExpression(inner)) return !['length', 'size'].includes(inner.getName());
  if (Node.isCallExpression(inner)) {
    const callee = inner.getExpression();
    return Node.isPropertyAccessExpression(callee) && HOLDS_ELEMENTS.has(callee.getName());
  }
  if (Node.isConditionalExpression(inner)) return mayHoldSharedObject(inner.getWhenTrue()) || mayHoldSharedObject(inner.getWhenFalse());
  if (Node.isBinaryExpression(inner) && OPERAND_RESULT.has(inner.getOperatorToken().getKind())) {
    return mayHoldSharedObject(inner.getLeft()) || mayHoldSharedObject(inner.getRight());
  }
  // A literal holds what it is built from.
  if (Node.isObjectLiteralExpression(inner) || Node.isArrayLiteralExpression(inner)) return inner.getDescendantsOfKind(SyntaxKind.Identifier).some(isValueReference);
  return false;
}

/** Methods that do not change their receiver. */
const READING = new Set([
  'get', 'has', 'at', 'includes', 'indexOf', 'lastIndexOf', 'find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'map',
  'flatMap', 'some', 'every', 'reduce', 'reduceRight', 'forEach', 'slice', 'concat', 'flat', 'join', 'keys', 'values', 'entries',
  'toString', 'startsWith', 'endsWith', 'trim', 'trimStart', 'trimEnd', 'split', 'toLowerCase', 'toUpperCase', 'padStart', 'padEnd',
  'charAt', 'charCodeAt', 'replace', 'replaceAll', 'substring', 'localeCompare', 'toFixed', 'toISOString', 'getTime', 'toJSON',
]);

/** Of those, the ones whose result may be (or hold) the receiver's own elements. */
const HOLDS_ELEMENTS = new Set(['get', 'at', 'find', 'findLast', 'filter', 'map', 'flatMap', 'reduce', 'reduceRight', 'slice', 'concat', 'flat', 'keys', 'values', 'entries']);

/** Functions that only read what they are given (and return nothing of it). */
const ONLY_READ = /^(String|Number|Boolean|isNaN|isFinite|parseInt|parseFloat|encodeURIComponent|encodeURI|JSON\.stringify|Object\.keys|Array\.isArray|Number\.isInteger|Number\.isFinite|Number\.isNaN)$/;

/** Static functions whose result holds what they are given. */
const PASSES_ELEMENTS = /^(Array\.from|Object\.values|Object\.entries)$/;

/** `a ?? b`, `a || b`, `a && b` evaluate to one of their operands. */
const OPERAND_RESULT = new Set([SyntaxKind.QuestionQuestionToken, SyntaxKind.BarBarToken, SyntaxKind.AmpersandAmpersandToken]);

/** Aliases are followed this many times (`const a = x.get(k); const b = a.list;` …); deeper counts as a change. */
const MAX_ALIASES = 3;

/** Some code in `scope` changes what the binding `own` names holds, or hands it out of sight. */
function changedIn(scope: Node, own: Node, depth: number): boolean {
  const name = own.getText();
  return scope.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id !== own && id.getText() === name && isValueReference(id) && reachesChange(id, depth));
}

/**
 * Follows `ref` (which holds the shared object, or a part of it) up the expression around it: a
 * member read, an element-returning method, a `??` still hold it. Where it ends: written, changed
 * by a method, handed to a function, returned or stored elsewhere count as changes; a condition, a
 * comparison, a template or a primitive result only read it; a local it initialises is followed.
 */
function reachesChange(ref: Node, depth: number): boolean {
  let top: Node = ref;
  for (;;) {
    const parent = top.getParent();
    if (!parent) return true;
    if ((Node.isPropertyAccessExpression(parent) || Node.isElementAccessExpression(parent)) && parent.getExpression() === top) {
      const call = parent.getParent();
      if (call && Node.isCallExpression(call) && call.getExpression() === parent) {
        const method = Node.isPropertyAccessExpression(parent) ? parent.getName() : undefined;
        if (method === undefined || !READING.has(method)) return true;
        // `items.find((item) => …)`: the callback's parameters are its elements.
        if (call.getArguments().some((a) => (Node.isArrowFunction(a) || Node.isFunctionExpression(a)) &&
          a.getParameters().some((p) => boundIdentifiers(p.getNameNode()).some((id) => changedIn(a, id, depth + 1))))) return true;
        if (!HOLDS_ELEMENTS.has(method)) return false;
        top = call;
        continue;
      }
      top = parent;
      continue;
    }
    if (Node.isParenthesizedExpression(parent) || Node.isNonNullExpression(parent) || Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) || Node.isTypeAssertion(parent) ||
      (Node.isConditionalExpression(parent) && parent.getCondition() !== top) ||
      (Node.isBinaryExpression(parent) && OPERAND_RESULT.has(parent.getOperatorToken().getKind()))) {
      top = parent;
      continue;
    }
    if (Node.isCallExpression(parent) && parent.getExpression() !== top && PASSES_ELEMENTS.test(parent.getExpression().getText())) {
      top = parent;
      continue;
    }
    break;
  }
  const parent = top.getParent()!;
  if (Node.isBinaryExpression(parent)) {
    const op = parent.getOperatorToken().getKind();
    // Written, or stored under another name (`x = items`): an assignment either way.
    return op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment;
  }
  if (Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) {
    return parent.getOperatorToken() === SyntaxKind.PlusPlusToken || parent.getOperatorToken() === SyntaxKind.MinusMinusToken;
  }
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === top) return aliasChanged(parent.getNameNode(), depth);
  if (Node.isForOfStatement(parent) && parent.getExpression() === top) {
    const initializer = parent.getInitializer();
    return !Node.isVariableDeclarationList(initializer) || initializer.getDeclarations().some((d) => aliasChanged(d.getNameNode(), depth));
  }
  if (Node.isCallExpression(parent) && parent.getExpression() !== top) return !ONLY_READ.test(parent.getExpression().getText());
  if (Node.isCallExpression(parent) || Node.isIfStatement(parent) || Node.isWhileStatement(parent) || Node.isDoStatement(parent) ||
    Node.isSwitchStatement(parent) || Node.isCaseClause(parent) || Node.isTemplateSpan(parent) || Node.isTypeOfExpression(parent) ||
    Node.isVoidExpression(parent) || Node.isExpressionStatement(parent) || Node.isPrefixUnaryExpression(parent) ||
    (Node.isForInStatement(parent) && parent.getExpression() === top)) {
    return false;
  }
  // Returned, stored in an object or array, spread, exported, thrown: out of sight.
  return true;
}

/** A local initialised with (a part of) the shared object: whatever changes the local changes it. */
function aliasChanged(nameNode: Node, depth: number): boolean {
  if (depth >= MAX_ALIASES) return true;
  const scope = nameNode.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a) || Node.isForOfStatement(a)) ?? nameNode.getSourceFile();
  return boundIdentifiers(nameNode).some((id) => changedIn(scope, id, depth + 1));
}

function isValueReference(id: Node): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
  if ((Node.isPropertyAssignment(parent) || Node.isPropertySignature(parent) || Node.isPropertyDeclaration(parent) ||
    Node.isMethodDeclaration(parent) || Node.isEnumMember(parent)) && parent.getNameNode() === id) return false;
  if (Node.isBindingElement(parent) && parent.getPropertyNameNode() === id) return false;
  if (Node.isTypeReference(parent) || Node.isQualifiedName(parent) || Node.isTypeQuery(parent) || Node.isImportSpecifier(parent)) return false;
  return true;
}

/** `const LIMIT = 10`, `const PREFIX = 'job'`, a template: a primitive nothing can change. */
function holdsPrimitive(init: Node | undefined): boolean {
  if (!init) return false;
  const inner = unwrapExpression(init);
  if (Node.isPrefixUnaryExpression(inner)) return holdsPrimitive(inner.getOperand());
  return Node.isStringLiteral(inner) || Node.isNumericLiteral(inner) || Node.isBigIntLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner) ||
    Node.isTemplateExpression(inner) || Node.isTrueLiteral(inner) || Node.isFalseLiteral(inner) || Node.isNullLiteral(inner);
}

/** Other modules can reach it: declared with `export`, or named by an `export { … }` / `export default`. */
function exported(scope: Node, name: string, declaredExported: boolean): boolean {
  if (declaredExported) return true;
  if (!Node.isSourceFile(scope)) return false;
  return scope.getStatements().some((st) =>
    (Node.isExportDeclaration(st) && !st.getModuleSpecifier() && st.getNamedExports().some((e) => e.getNameNode().getText() === name)) ||
    (Node.isExportAssignment(st) && st.getExpression().getText() === name));
}

function importsName(st: import('ts-morph').ImportDeclaration, name: string): boolean {
  return st.getDefaultImport()?.getText() === name || st.getNamespaceImport()?.getText() === name ||
    st.getNamedImports().some((i) => (i.getAliasNode() ?? i.getNameNode()).getText() === name);
}

/** The identifiers a declaration name binds (`{ a: b, c }` binds b and c). */
function boundIdentifiers(node: Node): Node[] {
  if (Node.isIdentifier(node)) return [node];
  if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
    return node.getElements().flatMap((e) => (Node.isBindingElement(e) ? boundIdentifiers(e.getNameNode()) : []));
  }
  return [];
}
