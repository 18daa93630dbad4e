// A configured alias says its calls take the SDK method's arguments ("params": "same"). The
// configuration can be wrong, or right for most calls only: before a call of an alias is rewritten
// into an input request, its arguments must visibly be the SDK's request params (an object literal
// with the fields the request needs), or the rewrite would send something else than the user asked.
import { Node, type Expression } from '../ts-morph.js';
import { findProperty, resolveObjectLiteral } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import type { PushSite } from './push-sites.js';
import type { PushAlias } from '../discover/config.js';
import type { FindingInput } from '../types.js';

const SDK_METHOD = { elicitation: 'elicitInput', sampling: 'requestSampling', roots: 'listRoots' } as const;

/** Why the call's arguments are not the SDK method's; undefined when they are (or it is no alias). */
export function aliasArgumentProblem(site: PushSite): string | undefined {
  const alias = site.alias;
  if (!alias || !site.call) return undefined;
  // Optional calls may not run at all; an input request always goes out.
  if (site.call.hasQuestionDotToken() || /\?\./.test(site.call.getExpression().getText())) return 'an optional call (?.), which may not ask at all';
  const args = site.call.getArguments() as Expression[];
  if (args.some((a) => Node.isSpreadElement(a))) return 'spread arguments';
  if (args.length > 2) return `${args.length} arguments (the SDK method takes the request params and the request options)`;
  const options = args[1];
  if (options && !resolveObjectLiteral(options) && !isUndefined(options)) return 'a second argument that is not a request-options object';
  const params = args[0];
  if (alias.kind === 'roots') {
    return params && !resolveObjectLiteral(params) && !isUndefined(params) ? 'a first argument that is not a params object' : undefined;
  }
  if (!params) return 'no arguments';
  const object = resolveObjectLiteral(params);
  if (!object) {
    const value = unwrapExpression(params);
    const what = Node.isStringLiteral(value) || Node.isTemplateExpression(value) || Node.isNoSubstitutionTemplateLiteral(value)
      ? 'a string'
      : 'a value that is not written as an object literal';
    return `${what} as its first argument, where ${SDK_METHOD[alias.kind]}() takes the request params object`;
  }
  if (object.getProperties().some((p) => Node.isSpreadAssignment(p))) return 'request params built with a spread';
  const required = alias.kind === 'elicitation' ? 'message' : 'messages';
  if (!findProperty(object, required)) return `request params without ${required}`;
  return undefined;
}

function isUndefined(expr: Node): boolean {
  const value = unwrapExpression(expr);
  return Node.isIdentifier(value) && value.getText() === 'undefined';
}

/** The finding for a call of an alias whose arguments are not the SDK's. */
export function aliasArgumentMessage(site: PushSite, problem: string): { message: string; suggestion: string } {
  const alias = site.alias!;
  return {
    message: `${alias.call}() is configured as ${SDK_METHOD[alias.kind]}() with the same parameters, but this call passes ${problem}; left as it was`,
    suggestion: `Call ${alias.call}() with the SDK's request params (${alias.kind === 'elicitation' ? '{ message, requestedSchema }' : alias.kind === 'sampling' ? '{ messages, maxTokens }' : 'no arguments'}), or remove the alias from the configuration and migrate this glue by hand.`,
  };
}

/**
 * The configured alias a site is the implementation of: a top-level function (or const) named like
 * a bare alias (`export function askUser(params) { return scope().mcpReq.elicitInput(params) }`).
 * Its callers are migrated where they call it; the glue stays, and is reported as the helper it is.
 */
export function implementedAlias(site: PushSite, aliases: readonly PushAlias[]): PushAlias | undefined {
  const fn = site.node.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a));
  if (!fn) return undefined;
  let name: string | undefined;
  if (Node.isFunctionDeclaration(fn) && Node.isSourceFile(fn.getParent())) name = fn.getName();
  const decl = fn.getParent();
  if (!Node.isFunctionDeclaration(fn) && decl && Node.isVariableDeclaration(decl) && decl.getInitializer() === fn &&
    Node.isSourceFile(decl.getParent()?.getParent()?.getParent())) name = decl.getName();
  return name === undefined ? undefined : aliases.find((a) => a.call === name);
}

export function aliasImplementationFinding(site: PushSite, alias: PushAlias): FindingInput {
  return {
    rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made in ${alias.call}(), which the configuration declares as an ${alias.kind} alias: ` +
      `calls of ${alias.call}() in handlers are migrated (or reported) where they are, but ${alias.call}() itself still asks by push, which throws on a 2026-07-28 request`,
    suggestion: `Keep ${alias.call}() only for code that still serves 2025-era requests, and remove it once nothing calls it.`,
  };
}
