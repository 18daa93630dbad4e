// What the step machine tells the user about push sites it does not migrate (and why), and the
// notes it attaches to values it carries: the finding builders, one per situation.
import { Node, SyntaxKind, type VariableDeclaration } from 'ts-morph';
import { canReturnInputRequired, describeHandler, resolveIdentifier, type HandlerInfo, type RouteRefusal } from '../analysis/handlers.js';
import type { PushSite } from '../analysis/push-sites.js';
import { capturedContextOwner, onlyCalledOutsideRequests, outsideAnyRequest } from '../analysis/request-scope.js';
import { storedContextOf } from '../analysis/stored-context.js';
import type { FindingInput } from '../types.js';
import { camelCase } from './naming.js';
import { refusalSuggestion, type HelperRefusal } from './nested-helpers.js';

/** A site in a function registered through code that cannot be followed with certainty: why. */
export function routeRefusalFinding(site: PushSite, refusals: RouteRefusal[]): FindingInput | undefined {
  const refusal = refusals.find((r) => r.fn.getStart() <= site.node.getStart() && site.node.getEnd() <= r.fn.getEnd());
  if (!refusal) return undefined;
  return {
    rule: 'push-unsupported-shape', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is in a request handler, but ${refusal.message}`,
    suggestion: 'Make the wrapper return the handler\'s result unchanged (or register the handler directly), then run the migration again.',
  };
}

/** The handler cannot ask at all: a v1 SDK file, or a method that may not return inputRequired. */
export function handlerRefusal(handler: HandlerInfo, sites: PushSite[], v1: boolean): FindingInput[] | undefined {
  const where = describeHandler(handler);
  if (v1) {
    return sites.map((s) => ({
      rule: 'push-request',
      severity: 'warning' as const,
      pos: s.node.getStart(),
      message: `${s.api} in ${where}, which is still on the v1 SDK: it throws on 2026-07-28 and cannot become an input request on v1`,
      suggestion: 'Finish the v1→v2 upgrade of this handler first (the sdk-upgrade findings say what is left; the upgrade runs unless --sdk-upgrade never), then run the migration again.',
    }));
  }
  if (!canReturnInputRequired(handler)) {
    return sites.map((s) => ({
      rule: 'push-outside-request',
      severity: 'warning' as const,
      pos: s.node.getStart(),
      message: `${s.api} in ${where}: only tools/call, prompts/get and resources/read may ask the client for input under 2026-07-28`,
      suggestion: 'Take the input as tool arguments or configuration instead, or move the question into a tool.',
    }));
  }
  return undefined;
}

/**
 * One function registered under several names (directly, or through a registrar) cannot bind its
 * state to all of them: the push sites only know the first registration.
 */
export function sharedFunctionRefusal(handler: HandlerInfo, sites: PushSite[], handlers: HandlerInfo[]): FindingInput[] | undefined {
  const names = new Set(handlers.filter((h) => h.fn.compilerNode === handler.fn.compilerNode).map((h) => describeHandler(h)));
  if (names.size < 2) return undefined;
  return sites.filter((s) => s.kind !== 'elicitation-id').map((s) => ({
    rule: 'push-unsupported-shape',
    severity: 'warning' as const,
    pos: s.node.getStart(),
    message: `${s.api}: the function is registered as ${[...names].join(' and ')}, and one requestState cannot be bound to all of them`,
    suggestion: 'Give each registration its own handler function (shared code before and after the question can move into plain helpers), then run the migration again.',
  }));
}

/** Request-related calls that are not questions (elicitationId, notifiers, URL throws, tasks) in `site`'s handler. */
export function otherSiteFinding(site: PushSite, requestSites: PushSite[]): FindingInput[] {
  const where = site.handler ? describeHandler(site.handler) : 'this file';
  switch (site.kind) {
    case 'elicitation-id': {
      // Stripped when it sits in the params of a URL elicitation we migrate.
      const inParams = requestSites.some((r) => r.params && r.params.getStart() <= site.node.getStart() && site.node.getEnd() <= r.params.getEnd());
      return inParams ? [] : [{
        rule: 'elicitation-id-removed', severity: 'warning', pos: site.node.getStart(),
        message: `elicitationId in ${where} has no meaning under 2026-07-28`,
        suggestion: 'Remove it; if you correlate an out-of-band flow, carry your own identifier in requestState.',
      }];
    }
    case 'completion-notifier':
      return [{
        rule: 'completion-notifier-removed', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where}: notifications/elicitation/complete no longer exists`,
        suggestion: 'Remove the notifier; the client retries the request after the URL flow, and the handler checks whether the out-of-band step finished.',
      }];
    case 'url-elicitation-throw':
      return [{
        rule: 'push-request', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where} throws on 2026-07-28`,
        suggestion: "Return inputRequired({ inputRequests: { consent: inputRequired.elicitUrl({ message, url }) } }) instead of throwing.",
      }];
    case 'task':
      return [{
        rule: 'task-augmented-request', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where} uses tasks, which moved to an extension in 2026-07-28`,
        suggestion: 'Rewrite the task flow by hand against the tasks extension.',
      }];
    default:
      return [];
  }
}

/** A push site in no handler: a helper some handler awaits, a function given the push call as a value, or code outside any request. */
export function outsideRequestFinding(site: PushSite, handlers: HandlerInfo[], refusal?: HelperRefusal): FindingInput {
  const fn = site.nestedFunction ?? site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  const name = fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) ? fn.getName() :
    (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) && Node.isVariableDeclaration(fn.getParent()) ? (fn.getParent() as VariableDeclaration).getName() : undefined);
  // The push function looked up at run time and called indirectly: whoever reaches this code, the
  // question cannot be lifted out of it.
  if (refusal?.code === 'reflective-lookup') {
    return {
      rule: 'push-in-callback', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is looked up at run time${name ? ` in ${name}()` : ''} and called through the value it gives (.call / .apply), so the question cannot be lifted into the handler that reaches it`,
      suggestion: refusalSuggestion(refusal, name ?? 'this function'),
    };
  }
  // A function only timers, events or routes call (`setInterval(() => this.writeDigest())`) runs outside any request.
  if (name !== undefined && fn && onlyCalledOutsideRequests(fn, name)) return outsideFinding(site);
  // `send(…)` where `send` is a parameter: the push function reached this code as a value.
  const callee = site.call?.getExpression();
  const calleeDecl = callee && Node.isIdentifier(callee) ? resolveIdentifier(callee) : undefined;
  if (name !== undefined && calleeDecl && Node.isParameterDeclaration(calleeDecl)) {
    return {
      rule: 'push-in-callback', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} in ${name}() calls a request function it was given as a value (parameter ${callee!.getText()}); the migration cannot follow it back to a handler`,
      suggestion: `Ask the question in the handler that passes ${callee!.getText()} (return the input request there), and hand ${name}() the answer instead of the request function.`,
    };
  }
  // A helper some handler calls, as opposed to code that runs outside any request (start-up, routes).
  const calledFromHandler = name !== undefined && handlers.some((h) =>
    h.fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name));
  // A helper lifted by an earlier run is still reported as one (its callers now use its companions).
  const lifted = name !== undefined && site.node.getSourceFile().getFunction(`${camelCase(name)}Params`) !== undefined;
  if (calledFromHandler || lifted) return helperFinding(site, name!, refusal);
  // Code reached from a timer, an event or an HTTP route runs outside any client request; other
  // functions (methods, closures, exported helpers) are most likely helpers a handler awaits.
  // A method, or a function that takes the request context, is a helper a handler awaits; a
  // plain function reached from a timer, an event, an HTTP route or start-up is not.
  const takesContext = fn !== undefined && Node.isFunctionLikeDeclaration(fn) && fn.getParameters().some((p) =>
    /^(ctx|context|extra|mcpReq|req)$/.test(p.getName()) || /ServerContext|RequestHandlerExtra|mcpReq/.test(p.getTypeNode()?.getText() ?? ''));
  if (fn && name !== undefined && (Node.isMethodDeclaration(fn) || takesContext) && !outsideAnyRequest(site.node)) return helperFinding(site, name, refusal);
  // A closure over a request context (`elicit: async (m) => ctx.mcpReq.elicitInput(…)` built by
  // `toolContext(name, ctx)`) asks within the request that context belongs to.
  const captured = capturedContextOwner(site);
  if (captured && !outsideAnyRequest(site.node)) return helperFinding(site, captured);
  return outsideFinding(site);
}

function outsideFinding(site: PushSite): FindingInput {
  return {
    rule: 'push-outside-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made outside any tools/call, prompts/get or resources/read handler`,
    suggestion: 'There is no request to attach an input request to under 2026-07-28: take the value as a tool argument or from configuration.',
  };
}

/** A question asked in a helper, not in the handler itself (through a stored context, or not). */
export function helperFinding(site: PushSite, name: string, refusal?: HelperRefusal): FindingInput {
  const stored = storedContextOf(site.call);
  if (stored) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in helper ${name}() through this.${stored.field}, a request context ${stored.setter}() stores on the instance: ` +
        'which request the question belongs to is not passed in (concurrent calls share the instance), so it is not migrated',
      suggestion: `Pass the context to ${name}() as a parameter from the registered handler (or a method it returns the result of) instead of storing it, then run the migration again.`,
    };
  }
  if (refusal) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in helper ${name}(), not directly in a request handler, and is not lifted into its callers: ${refusal.detail}`,
      suggestion: refusalSuggestion(refusal, name),
    };
  }
  return {
    rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made in helper ${name}(), not directly in a request handler`,
    suggestion: 'Inline the question into the handlers that call this helper (ask there, pass the answer in), then run the migration again.',
  };
}

/** A carried value named or typed like a secret, in a state the client can read (signed, not sealed). */
export function sensitiveValueFinding(name: string, where: string, nameNode: Node): FindingInput {
  return {
    rule: 'state-carries-sensitive-value', severity: 'info', pos: nameNode.getStart(),
    message: `${name} in ${where} travels in a signed requestState, which the client can read`,
    suggestion: `Use --state-protection sealed (the default), or carry an identifier instead of ${name} and look the value up again on the retry.`,
  };
}

/** A question kept as it was because something else about its handler cannot be migrated: `why`. */
export function leftAsIs(site: PushSite, why: string): FindingInput {
  return {
    rule: 'push-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${site.handler ? ` in ${describeHandler(site.handler)}` : ''} left as it was: ${why}`,
    suggestion: 'Resolve the other findings of this handler, then run the migration again.',
  };
}

