// Names the migrated code takes from the module scope: `inputRequired` and the request and result
// types from the SDK, `mrtrState` and the answer readers from the state module. A handler that binds
// one of them itself (a parameter, a local, a catch variable, a local type), or sits in a scope or
// module that declares it otherwise, would have the generated code call its own value instead, or
// clash with the import the migration adds: such a handler is kept as it was, and says why.
import { Node, SyntaxKind, descendantsOfKinds } from '../../ts-morph.js';

const VALUE_NAMES = new Set(['inputRequired', 'mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities']);
const TYPE_NAMES = new Set([
  'InputRequiredResult', 'ElicitResult', 'ElicitRequestFormParams', 'CreateMessageRequestParams', 'CreateMessageResult',
  'CreateMessageResultWithTools', 'ListRootsResult',
]);
const SDK = '@modelcontextprotocol/server';
const STATE_MODULE = /(^|\/)mrtr-state(\.[cm]?[jt]s)?$/;

/** Any of the names as a word: a file without one binds none of them (walking every binding is slow on large files). */
const ANY_NAME = new RegExp(`(?<![\\w$])(?:${[...VALUE_NAMES, ...TYPE_NAMES].join('|')})(?![\\w$])`);

/** Why the generated code's names are not free around `fn`, if they are not. */
export function hiddenNameProblem(fn: Node): string | undefined {
  const shadowed = shadowedParameter(fn);
  if (shadowed) return `this handler declares ${shadowed} again inside it, the name of its own parameter, which the migrated code reads (for the state's subject and arguments); rename it`;
  if (!ANY_NAME.test(fn.getSourceFile().getFullText())) return undefined;
  for (const { name, where, scope } of bindingsAround(fn)) {
    if (!VALUE_NAMES.has(name) && !TYPE_NAMES.has(name)) continue;
    if (name === 'clientCapabilities' && scope && !readsCapabilitiesWithin(scope)) continue;
    const from = VALUE_NAMES.has(name) && name !== 'inputRequired' ? 'the state module' : SDK;
    return `${where} ${name}, the name the migrated code imports from ${from}; rename it`;
  }
  return undefined;
}

/**
 * `clientCapabilities` is imported only for code that reads the client's capabilities
 * (`getClientCapabilities()`, rewritten in a migrated handler or lifted helper; capabilities.ts,
 * helper-edits.ts). A function around the handler that declares the name (`const clientCapabilities
 * = server.server.getClientCapabilities()` at registration time, modelcontextprotocol/servers) only
 * shadows the module's import inside itself: harmless while no function within it reads the
 * capabilities, so no generated `clientCapabilities(ctx)` can land in its scope.
 */
function readsCapabilitiesWithin(scope: Node): boolean {
  return scope.getDescendants().some((d) => (Node.isFunctionLikeDeclaration(d) || Node.isArrowFunction(d) || Node.isFunctionExpression(d)) &&
    /(?<![\w$])(getClientCapabilities|clientCapabilities)\s*\(/.test(d.getText()));
}

/**
 * Names bound inside `fn`, by the functions and blocks around it, and at the module's top level.
 * `scope`: the block of a function around `fn` whose statements declare the name (undefined inside
 * `fn`, for parameters, at the module's top level and for imports).
 */
function bindingsAround(fn: Node): { name: string; where: string; scope?: Node }[] {
  const out: { name: string; where: string; scope?: Node }[] = [];
  let where = 'this handler declares';
  let scope: Node | undefined;
  const add = (node: Node | undefined) => {
    if (!node) return;
    if (Node.isIdentifier(node)) out.push({ name: node.getText(), where, ...(scope ? { scope } : {}) });
    else if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
      for (const element of node.getElements()) if (Node.isBindingElement(element)) add(element.getNameNode());
    }
  };
  const declared = (node: Node) => {
    if (Node.isVariableStatement(node)) for (const d of node.getDeclarations()) add(d.getNameNode());
    else if (Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node) || Node.isTypeAliasDeclaration(node) ||
      Node.isInterfaceDeclaration(node) || Node.isEnumDeclaration(node)) add(node.getNameNode());
  };
  // Inside the handler: every binding, at any depth.
  for (const node of [fn, ...fn.getDescendants()]) {
    if (Node.isVariableDeclaration(node) || Node.isParameterDeclaration(node)) add(node.getNameNode());
    else if (Node.isCatchClause(node)) add(node.getVariableDeclaration()?.getNameNode());
    else declared(node);
  }
  // Around it: the parameters of enclosing functions and the statements of enclosing blocks.
  where = 'the code around this handler declares';
  for (let node = fn.getParent(); node; node = node.getParent()) {
    if (Node.isFunctionLikeDeclaration(node) || Node.isArrowFunction(node) || Node.isFunctionExpression(node)) {
      for (const p of node.getParameters()) add(p.getNameNode());
    }
    if (Node.isBlock(node) || Node.isSourceFile(node) || Node.isModuleBlock(node)) {
      // A block inside a function: the name is local to that function (not the module's).
      scope = Node.isBlock(node) && node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a)) ? node : undefined;
      for (const statement of node.getStatements()) declared(statement);
      scope = undefined;
    }
  }
  // Imports of these names from elsewhere than where the migration imports them from.
  where = 'this file imports';
  for (const decl of fn.getSourceFile().getImportDeclarations()) {
    const ours = decl.getModuleSpecifierValue() === SDK || STATE_MODULE.test(decl.getModuleSpecifierValue());
    for (const spec of decl.getNamedImports()) if (!ours || spec.getAliasNode()) add(spec.getAliasNode() ?? spec.getNameNode());
    add(decl.getDefaultImport());
    add(decl.getNamespaceImport());
  }
  return out;
}

/**
 * A parameter name of `fn` that a declaration in its own body (not in a nested function) binds
 * again: code generated in that declaration's block would read the local instead of the parameter.
 */
const SHADOWING_KINDS = [SyntaxKind.VariableDeclaration, SyntaxKind.CatchClause, SyntaxKind.FunctionDeclaration, SyntaxKind.ClassDeclaration];

function shadowedParameter(fn: Node): string | undefined {
  if (!(Node.isFunctionLikeDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return undefined;
  const params = new Set<string>();
  const collect = (node: Node | undefined, into: Set<string> | string[]) => {
    if (!node) return;
    if (Node.isIdentifier(node)) into instanceof Set ? into.add(node.getText()) : into.push(node.getText());
    else if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
      for (const element of node.getElements()) if (Node.isBindingElement(element)) collect(element.getNameNode(), into);
    }
  };
  for (const p of fn.getParameters()) collect(p.getNameNode(), params);
  const body = (fn as { getBody?(): Node | undefined }).getBody?.();
  if (!body || params.size === 0) return undefined;
  // Only these kinds bind a name here: walked without wrapping every other node and token (the
  // body's whole subtree, once per handler, was the largest single cost of recognition).
  for (const node of descendantsOfKinds(body, SHADOWING_KINDS)) {
    const names: string[] = [];
    if (Node.isVariableDeclaration(node)) collect(node.getNameNode(), names);
    else if (Node.isCatchClause(node)) collect(node.getVariableDeclaration()?.getNameNode(), names);
    else if (Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node)) collect(node.getNameNode(), names);
    else continue;
    const owner = node.getFirstAncestor((n) => Node.isFunctionLikeDeclaration(n) || Node.isArrowFunction(n) || Node.isFunctionExpression(n));
    if (owner !== fn) continue;
    const hit = names.find((n) => params.has(n));
    if (hit) return hit;
  }
  return undefined;
}
