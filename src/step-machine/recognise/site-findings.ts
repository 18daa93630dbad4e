// What the step machine tells the user about push sites it does not migrate (and why), and the
// notes it attaches to values it carries: the finding builders, one per situation.
import { Node, type Block, type SourceFile } from '../../ts-morph.js';
import { canReturnInputRequired, describeHandler, type HandlerInfo, type RouteRefusal } from '../../analysis/handlers.js';
import { resolveIdentifier } from '../../ast/resolve.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { nameOf, onTheSpotDescription, reachOf, type Entry, type HandlerPath } from '../../analysis/reach.js';
import { storedContextOf } from '../../analysis/stored-context.js';
import type { ModuleCallers } from '../../index/callers-index.js';
import type { FindingInput } from '../../types.js';
import { oneLine } from '../../ast/text.js';
import { LIFTED_SO_FAR } from '../../finding-words.js';
import { valueTakenDetail, type LiftableHelper } from './helpers.js';
import { camelCase } from '../../ast/naming.js';
import { CONTEXT_PATHS } from '../../upgrade/v1/mappings.js';
import { V1_UPGRADE_RULE } from '../../upgrade/v1/registrations.js';
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

/**
 * A handler that reads its context the v1 way (`extra.sendRequest`), which the upgrade did not
 * rewrite: once the file is on v2 the handler gets v2's context, without that key. Holds the file
 * on v1 when the upgrade changed it (engine.ts).
 */
export function v1ContextReadFinding(handler: HandlerInfo | string, read: Node): FindingInput {
  const key = Node.isBindingElement(read) ? (read.getPropertyNameNode() ?? read.getNameNode()).getText() : Node.isPropertyAccessExpression(read) ? read.getName() : read.getText();
  const v2 = CONTEXT_PATHS[key];
  return {
    rule: V1_UPGRADE_RULE, severity: 'error', pos: read.getStart(), breaksUpgraded: true,
    message: `${typeof handler === 'string' ? handler : describeHandler(handler)} reads ${key} from v1's handler context (${read.getText()}), which the upgrade did not rewrite: ` +
      `on v2 the context a handler is handed is v2's, which has no ${key}${v2 ? ` (v2: ${v2})` : ''}, so this read would not compile and would fail when it runs`,
    suggestion: `Read the context the v2 way in this handler (sendRequest(request, Schema) → mcpReq.send(request), sendNotification → mcpReq.notify, requestId → mcpReq.id, authInfo → http?.authInfo)`,
  };
}

/**
 * `extra.sendRequest(…)` in a function that is no handler this run found, `extra` being its
 * parameter: the v1 context's way of asking, which the upgrade rewrites only in the handlers and
 * the `RequestHandlerExtra`-typed parameters it finds. Held as v1ContextReadFinding says.
 */
export function unregisteredContextReadFinding(site: PushSite): FindingInput | undefined {
  const callee = site.call?.getExpression();
  if (!callee || !Node.isPropertyAccessExpression(callee) || callee.getName() !== 'sendRequest') return undefined;
  const receiver = callee.getExpression();
  const declaration = Node.isIdentifier(receiver) ? resolveIdentifier(receiver) : undefined;
  if (!declaration || !Node.isParameterDeclaration(declaration)) return undefined;
  const name = nameOf(declaration.getParentOrThrow());
  return v1ContextReadFinding(name ? `${name}()` : `the function that takes ${receiver.getText()}`, callee);
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
        message: `${site.api} in ${where} ${taskUse(site)}, and tasks moved to an extension in 2026-07-28`,
        suggestion: 'Rewrite the task flow by hand against the tasks extension, or drop the task and ask with a plain input request.',
      }];
    default:
      return [];
  }
}

/** The request's promise (through `.then` / `.catch` / `.finally`) ends in `void …` or a bare expression statement. */
function firedAndForgotten(call: Node): boolean {
  let node = call;
  for (;;) {
    const parent = node.getParent();
    if (!parent) return false;
    if (Node.isParenthesizedExpression(parent)) {
      node = parent;
      continue;
    }
    const chained = Node.isPropertyAccessExpression(parent) && ['then', 'catch', 'finally'].includes(parent.getName()) ? parent.getParent() : undefined;
    if (chained && Node.isCallExpression(chained) && chained.getExpression() === parent) {
      node = chained;
      continue;
    }
    return Node.isVoidExpression(parent) || Node.isExpressionStatement(parent);
  }
}

/** What the findings on a site outside every handler of the file draw on. */
export interface SiteScope {
  handlers: readonly HandlerInfo[];
  /** Why each function of the file that asks was not lifted into its callers (helpers.ts). */
  notLifted: ReadonlyMap<Node, HelperRefusal>;
  /** Why a handler is left as it was although its own questions could migrate (recognise.ts). */
  keptBecause?: (handler: HandlerInfo) => string | undefined;
  /** Cross-file mode: where the run's other files use this module's exports; undefined when it is off. */
  callers?: ModuleCallers;
  /**
   * Once handlers are migrated: the helper a migrated call in a handler lifts. Its code after the
   * question now runs in its outcome function, so a path on through it is named by that function.
   */
  liftedAt?: (call: Node) => LiftableHelper | undefined;
}

/**
 * A push site in no handler: what reaches it and why it is not migrated. Undefined for an
 * `elicitationId` that belongs to a question reported on its own. The code at the site decides
 * first (a framework's API, an answer thrown away, a reflective lookup, a request function passed
 * in), whoever reaches it; then what reaches it (reachFinding).
 */
export function unhandledSiteFinding(site: PushSite, scope: SiteScope): FindingInput | undefined {
  if (site.kind === 'elicitation-id') return elicitationIdFinding(site);
  if (site.kind === 'task') return taskFinding(site);
  const framework = frameworkApiCall(site);
  if (framework) {
    return {
      rule: 'framework-asking-api', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is an asking API of the framework this code is written for, not of the MCP SDK: it sends the question to the client while the framework runs this function, which throws on 2026-07-28, and only the framework can turn it into a returned inputRequired`,
      suggestion: 'Move to a version of the framework whose asking API answers with inputRequired (the question returned from the tool, the tool re-entered with the answer on the retry), or register this tool with the SDK (registerTool) and ask there.',
    };
  }
  const fn = site.nestedFunction ?? site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  const name = fn && nameOf(fn);
  // `void server.elicitInput(…).catch(…)`: nothing ever reads the answer, whoever reaches this code.
  if (site.call && firedAndForgotten(site.call)) {
    return {
      rule: 'push-not-awaited', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api}${name ? ` in ${name}()` : ''} is not awaited and its answer is thrown away (fire-and-forget), so it cannot become an input request: under 2026-07-28 a question is only asked by a result that returns it`,
      suggestion: 'Drop the question (say it in the tool result or the server instructions instead), or ask it in the tool that needs the answer and await it there, then run the migration again.',
    };
  }
  const refusal = fn ? scope.notLifted.get(fn) : undefined;
  // The push function looked up at run time, or taken as a value and handed on: whoever reaches
  // this code, the question cannot be lifted out of it.
  if (refusal?.code === 'reflective-lookup') {
    return {
      rule: 'push-in-callback', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api}${name ? ` in ${name}()` : ''}: ${site.call ? refusal.detail : valueTakenDetail(site)}. The question cannot be lifted into a handler that reaches it`,
      suggestion: refusalSuggestion(refusal, name ?? 'this function'),
    };
  }
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
  return reachFinding(site, fn, name, refusal, scope);
}

/**
 * The finding on a push site in no handler that the code around it does not decide (see
 * unhandledSiteFinding): what reaches it decides, the handlers, requests and values on the way.
 */
function reachFinding(site: PushSite, fn: Node | undefined, name: string | undefined, refusal: HelperRefusal | undefined, scope: SiteScope): FindingInput {
  // A helper lifted by an earlier run is still reported as one (its callers now use its companions).
  const bare = name?.split('.').pop();
  if (bare !== undefined && fn && liftedEarlier(fn, bare)) return keptHelperFinding(site, bare);
  const reach = reachOf(site, scope.handlers);
  const where = name ? ` in ${name}()` : '';
  const also = reach.outside.length > 0 ? `; it is also reached from ${reach.outside.join(' and from ')}, outside any request` : '';
  if (reach.exposed.length > 0 && !reach.ownContext) return handedOnFinding(site, where, reach.exposed[0], scope) ?? exposedFinding(site, where, reach.exposed[0]);
  if (reach.ownContext && reach.handlers.length === 0) {
    const { param, holder } = reach.ownContext;
    return {
      rule: 'push-unsupported-shape', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api}${where}: the function takes a request context (${param}) and asks through it as a handler does, but this run found no registration of it (it is held as ${holder}; registrations through a loop over definitions, a factory or another module are not followed), so it is not migrated`,
      suggestion: 'Register it with registerTool / registerPrompt / registerResource where the registration names it, then run the migration again; or migrate it by hand (return inputRequired(...) and resume from requestState on the retry).',
    };
  }
  const asking = reach.handlers.filter((p) => !p.detached && canReturnInputRequired(p.handler));
  // A helper that lifts whose callers stayed as they were: why they stayed.
  const kept = unique(asking.flatMap((p) => {
    const why = scope.keptBecause?.(p.handler);
    // "It also calls <this helper>": the call itself is what did not lift, and is reported there.
    return why && !(bare && why.includes(`${bare}()`)) ? [`${describeHandler(p.handler)} is left as it was: ${why}`] : [];
  }));
  const reason = refusal?.detail ?? (kept.length > 0 ? kept.join('; ') : 'its call there cannot be lifted (see the finding at the call)');
  // An unnamed function called where it is written is said as such (only here: other messages append `()` to the name).
  if (asking.length > 0) return helperFinding(site, name ?? (fn && onTheSpotDescription(fn)) ?? 'this function', { callers: describePaths(asking, scope), reason, refusal, also });
  if (reach.handlers.length > 0 && reach.entries.length === 0) {
    const path = reach.handlers[0];
    const why = path.detached
      ? `${describeHandler(path.handler)} starts it without waiting for it (${oneLine(path.call)}), so it runs on after the handler has answered and there is no request left to attach the question to`
      : `it is reached only from ${describeHandler(path.handler)}, which cannot answer with input_required (only tools/call, prompts/get and resources/read can)`;
    return outsideFinding(site, `${site.api}${where}: ${why}${also}`);
  }
  if (reach.outside.length > 0 && reach.entries.length === 0 && reach.values.length === 0) {
    return outsideFinding(site, `${site.api}${where} runs outside any client request: from ${reach.outside.join(' and from ')}`);
  }
  if (reach.entries.length > 0) {
    // Each exported function on the way to the question (the helper itself, a same-file function
    // calling it): the first whose callers the run knows of speaks; "nobody calls it" needs them all.
    // An entry the package exports as its public API speaks only when no entry has callers here.
    for (const publicApi of [false, true]) {
      for (const entry of reach.entries) {
        const found = entryFinding(site, name ?? 'this function', entry, scope, refusal, also, publicApi);
        if (found) return found;
      }
    }
    return nobodyFinding(site, name ?? 'this function', reach.entries, also);
  }
  if (reach.values.length > 0) {
    return {
      rule: 'push-in-callback', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api}${where}: ${reach.values[0]}, and where it is finally called is not followed, so it is not migrated${also}`,
      suggestion: 'Ask the question in the handler that ends up calling it (return the input request there) and pass the answer on instead of the function.',
    };
  }
  const uncalled = reach.uncalled[0] ?? (name ? `${name}()` : 'this function');
  return helperFinding(site, name ?? 'this function', {
    callers: [],
    nobody: `nothing in this file calls ${uncalled} and it is not exported, so no request reaches this question`,
  });
}

/**
 * A helper whose question was lifted into the handlers that call it (they use its companions), kept
 * for code that still calls it or because it is exported. The same words on every run, so its
 * marker is written once.
 */

/** The finding on a helper kept beside its companions: its callers in this run no longer reach its question. */
export function isKeptHelperFinding(finding: FindingInput): boolean {
  return finding.rule === 'push-in-helper' && finding.message.includes(LIFTED_SO_FAR);
}

export function keptHelperFinding(site: PushSite, name: string): FindingInput {
  return {
    rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made in helper ${name}(), ${LIFTED_SO_FAR} (they use ${camelCase(name)}Params() instead); ${name}() itself still asks, for the callers it has left or because it is exported`,
    suggestion: `Move the remaining callers of ${name}() to its companions (or migrate them), then remove it.`,
  };
}

/** An earlier run wrote the helper's companions beside it (`confirmParams`): its callers use those now. */
function liftedEarlier(fn: Node, name: string): boolean {
  const companion = `${camelCase(name)}Params`;
  const cls = fn.getParent();
  if (Node.isMethodDeclaration(fn) && cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return cls.getMethod(companion) !== undefined;
  // A closure helper's companions are written beside it, in the block that declares it.
  const scope = fn.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a)) as Block | SourceFile | undefined;
  return scope?.getStatements().some((st) => Node.isFunctionDeclaration(st) && st.getName() === companion) ?? false;
}

/** The function is an asking API handed to other code (a context member, a returned closure, a base class's protected method). */
export function exposedFinding(site: PushSite, where: string, exposure: string, builtIn?: HandlerInfo): FindingInput {
  // Built inside a request handler (a tools/call dispatcher's context for the tools it runs): that
  // handler is there, but the question is asked by the code it hands the API to, not by its own body.
  const because = builtIn
    ? `an asking API that ${describeHandler(builtIn)} builds and hands to other code, so the code it runs asks the client while that request is handled. ` +
      'The question is asked there, not in the handler\'s own body: the handler cannot return inputRequired at it'
    : 'an asking API handed to other code, so whoever calls it asks the client. There is no handler here that could return inputRequired for that code';
  return {
    rule: 'framework-asking-api', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${where} implements ${exposure}: ${because}, so it is not migrated; on 2026-07-28 the question throws`,
    suggestion: "Give the API an inputRequired form: the dispatcher that runs the user's function returns inputRequired({ inputRequests, requestState }) for the question and re-enters the function on the retry with the answer (ctx.mcpReq.inputResponses), instead of awaiting the request.",
  };
}

/**
 * The asking closure an exported maker returns, made in another file and handed there by a request
 * handler (a dispatcher) to the functions it runs: the handler is there, but the question is asked
 * by the function value it passes on, so "no handler here" would be untrue. Undefined when the
 * callers index knows of no such hand-off.
 */
function handedOnFinding(site: PushSite, where: string, exposure: string, scope: SiteScope): FindingInput | undefined {
  // reach.ts words a closure returned by an exported function, or a member of an object it returns, so (usesOf).
  const maker = (/^the function the exported ([\w$]+)\(\) returns$/.exec(exposure) ?? /^`[\w$]+` of the object ([\w$]+)\(\) returns$/.exec(exposure))?.[1];
  const uses = maker ? scope.callers?.uses[maker] ?? [] : [];
  const handed = uses.flatMap((u) => (u.handedOn ?? []).map((h) => ({ ...h, madeAt: u.at })));
  if (handed.length === 0) return undefined;
  const first = handed[0];
  const places = unique(handed.map((h) => `${h.callee}() in ${h.handler} (${h.at.replace(/^\.\//, '')})`));
  return {
    rule: 'framework-asking-api', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${where} implements ${exposure}: ${fileOf(first.madeAt).replace(/^\.\//, '')} holds it as \`${first.holder}\` and hands it as a value to ` +
      `${places.join(' and to ')}, so the functions that receive it ask the client while that request is handled. ` +
      'An asking API handed on as a value is not followed to where it is called, so neither the question nor those functions are migrated; on 2026-07-28 the question throws',
    suggestion: `Give the asking function an inputRequired form: have ${first.handler} hand the request context on instead, and let the function return inputRequired({ inputRequests }) through the functions that call it on the first call and read ctx.mcpReq.inputResponses on the retry; or ask in each tool's own handler (registerTool) and run the migration again.`,
  };
}

/** Whether `name` names a function (`confirm`, `Tools.confirm`) rather than describing one in words (`this function`). */
function isFunctionName(name: string): boolean {
  return !/\s/.test(name);
}

/** A function's name as called (`confirm()`); a description (`this function`) as it is. */
function called(name: string): string {
  return isFunctionName(name) ? `${name}()` : name;
}

/** An exported function or a public method: what the run knows of its callers in other modules; undefined when it knows of none. */
function entryFinding(site: PushSite, fnName: string, entry: Entry, scope: SiteScope, refusal: HelperRefusal | undefined, also: string, publicApiOnly = false): FindingInput | undefined {
  const reason = refusal?.detail ?? 'its calls there cannot be lifted (see the findings at those calls)';
  const callers = scope.callers;
  const where = ` in ${called(fnName)}`;
  const subject = entrySubject(fnName, entry);
  const helper = (found: { callers: string[]; reason?: string; refusal?: HelperRefusal; nobody?: string }) => helperFinding(site, fnName, { ...found, also });
  if (!callers) {
    return helper({
      callers: [],
      nobody: `${subject}; nothing in this file that reaches it is a handler, and its callers in other modules were not looked for because cross-file mode was off (this run migrated file by file)`,
    });
  }
  const publicApi = callers.publicApi?.names.includes(entry.exportName.split('.')[0]) ? callers.publicApi.entry : undefined;
  if (publicApiOnly) {
    return publicApi === undefined ? undefined : exposedFinding(site, where, `${entry.name}, which the package exports from its entry ${publicApi} as part of its public API and which no file of this run calls (tests aside)`);
  }
  const uses = callers.uses[entry.exportName] ?? [];
  const member = uses.find((u) => u.kind === 'member');
  if (member) return exposedFinding(site, where, `\`${member.detail}\` of an object in ${fileOf(member.at)}, through ${entry.name}`);
  const inHandlers = uses.filter((u) => u.kind === 'handler');
  const waited = inHandlers.filter((u) => !u.detached);
  if (waited.length > 0 && !entry.detached) return helper({ callers: unique(waited.map((u) => `${u.detail} (${fileOf(u.at)})`)), reason, refusal });
  if (inHandlers.length > 0) {
    const use = inHandlers.find((u) => u.detached) ?? inHandlers[0];
    const how = use.detached ? `${use.detail} (${fileOf(use.at)}) starts ${entry.name} without waiting for it` : `${use.detail} (${fileOf(use.at)}) calls ${entry.name}, which starts the way to this question without waiting for it`;
    return outsideFinding(site, `${site.api}${where}: ${how}, so it runs on after the handler has answered and there is no request left to attach the question to${also}`);
  }
  const others = uses.filter((u) => u.kind === 'function' || u.kind === 'definition' || u.kind === 'top-level' || u.kind === 'value');
  // Called by a function a handler runs through a wrapper it hands a closure to (a tracer): that handler and wrapper, not "no handler".
  const wrapped = others.filter((u) => u.wrapped);
  if (wrapped.length > 0) {
    const rest = others.filter((u) => !u.wrapped);
    const listed = (list: typeof others) => unique(list.map((u) => `${u.kind === 'function' && !u.wrapped ? `${u.detail}()` : u.detail} (${fileOf(u.at)})`)).join(', ');
    const why = unique(wrapped.map((u) => `${u.detail} (${fileOf(u.at)}): ${u.wrapped}`)).join('; and ');
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in ${called(fnName)}, which is not a request handler: ${subject} and called by ${why}, and the question is not lifted there` +
        `${rest.length > 0 ? `; it is also used by ${listed(rest)}, which no request handler of this run calls by name (the run follows them no further)` : ''}${also}`,
      suggestion: 'Make the wrapper hand the handler\'s result back unchanged when it is an input request (neither changed nor recorded as a finished call), or register the function without it; then run the migration again.',
    };
  }
  // Called by a function of another module that a request handler there calls itself: the way is
  // known, one function longer than the handler-calls-helper way this run lifts across modules.
  const viaFunction = others.filter((u) => u.calledByHandlers && u.calledByHandlers.length > 0);
  if (viaFunction.length > 0) {
    const ways = unique(viaFunction.map((u) => `${u.detail}() (${fileOf(u.at)}), which ${unique(u.calledByHandlers!.map((c) => `${c.handler} (${c.at})`)).join(' and ')} ${u.calledByHandlers!.length === 1 ? 'calls' : 'call'}`));
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in ${called(fnName)}, which is not a request handler: ${subject} and called by ${ways.join('; and by ')}. ` +
        `The run did not lift the question along that way into the handler, so it is not migrated: a function of the handler's module between them is followed only when the handler hands it its request context (ctx), not the server; where it was followed, the handler's own findings say why it stopped${also}`,
      suggestion: `Hand the request context (ctx) down to ${called(fnName)} and ask with ctx.mcpReq, or have the handler call ${called(fnName)} itself; then run the migration again, or migrate it by hand with inputRequired.`,
    };
  }
  if (others.length > 0) {
    return helper({
      callers: [],
      nobody: `${subject} and used by ${unique(others.map((u) => `${u.kind === 'function' ? `${u.detail}()` : u.detail} (${fileOf(u.at)})`)).join(', ')}, and no request handler of this run calls those by name; the run follows them no further (a dispatch table such as handlers[name], or a closure handed to another function, is not followed to a handler), so it cannot tell whether a request handler reaches the question`,
    });
  }
  // Called through a type the run does not tie to the class (an interface another package declares):
  // not an API nobody here calls, but callers that were not followed.
  const sameName = entry.kind === 'method' ? callers.sameNameCalls?.[entry.exportName] ?? [] : [];
  if (sameName.length > 0) {
    const method = entry.exportName.split('.')[1];
    const files = unique(sameName.map(fileOf));
    return helper({
      callers: [],
      nobody: `${subject}; ${files.join(', ')} ${files.length === 1 ? 'calls' : 'call'} a method named ${method}() on a value whose type is not written as ${entry.exportName.split('.')[0]} ` +
        '(an interface or a type of another module, which this run does not resolve to the class), so those calls were not followed to a request handler and the question is not lifted into one',
    });
  }
  return undefined;
}

/** What an entry is, from the question's point of view. */
function entrySubject(fnName: string, entry: Entry): string {
  const own = called(fnName) === entry.name;
  return entry.kind === 'method'
    ? `${own ? '' : `it is reached from ${entry.name}, and `}${entry.name} is a public method of the exported class ${entry.exportName.split('.')[0]}`
    : `${own ? '' : `it is reached from ${entry.name}, and `}${entry.name} is exported`;
}

/** No file of the run calls any exported function on the way to the question. */
function nobodyFinding(site: PushSite, fnName: string, entries: readonly Entry[], also: string): FindingInput {
  const fix = 'if it is called from outside the files given, run on the whole package (or pass --project <tsconfig>) so its callers are found; if nothing calls it, remove it';
  if (entries.length === 1) {
    return helperFinding(site, fnName, { callers: [], also, nobody: `${entrySubject(fnName, entries[0])}, but no other file of this run calls it and nothing in this file does: ${fix}` });
  }
  const names = unique(entries.map((e) => e.name));
  const listed = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const own = names.includes(called(fnName));
  const others = names.filter((n) => n !== called(fnName));
  const subject = own
    ? `${called(fnName)} is exported, and so ${others.length === 1 ? 'is' : 'are'} ${others.join(', ')}, which ${others.length === 1 ? 'reaches' : 'reach'} it in this file`
    : `it is reached from ${listed}, which are exported`;
  return helperFinding(site, fnName, {
    callers: [], also,
    nobody: `${subject}, but no other file of this run calls any of them and nothing else in this file does: if they are called from outside the files given, run on the whole package (or pass --project <tsconfig>) so their callers are found; if nothing calls them, remove them`,
  });
}

function outsideFinding(site: PushSite, message: string): FindingInput {
  return {
    rule: 'push-outside-request', severity: 'warning', pos: site.node.getStart(),
    message,
    suggestion: 'There is no request to attach an input request to under 2026-07-28: take the value as a tool argument or from configuration, or ask in the tool that needs it.',
  };
}

/** `tasks/get` plumbing, a task-augmented request or a request sent for a task, outside a handler. */
function taskFinding(site: PushSite): FindingInput {
  return {
    rule: 'task-augmented-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${site.handler ? ` in ${describeHandler(site.handler)}` : ''} ${taskUse(site)}, and tasks moved to an extension in 2026-07-28`,
    suggestion: 'Rewrite the task flow by hand against the tasks extension, or drop the task and ask with a plain input request.',
  };
}

/** What a task site does with tasks, for messages. */
export function taskUse(site: PushSite): string {
  const text = site.node.getText();
  const method = /['"`](tasks\/\w+)['"`]/.exec(text)?.[1];
  if (method) return `is task plumbing (${method})`;
  if (/\brelatedTask\b/.test(site.call?.getText() ?? '')) return 'sends a request for a task (relatedTask), delivered through the task\'s message queue';
  if (site.node.getAncestors().some((a) => Node.isCallExpression(a) && /registerToolTask$/.test(a.getExpression().getText()))) {
    return 'is used in a callback of registerToolTask (a task runner started by a task-creating tool)';
  }
  return 'is a task-augmented request';
}

/** `elicitationId` outside a handler: part of a question reported on its own, or the completion notification. */
function elicitationIdFinding(site: PushSite): FindingInput | undefined {
  const inPush = site.node.getAncestors().some((a) => Node.isCallExpression(a) && /\b(elicitInput|request|send|sendRequest)$/.test(a.getExpression().getText()));
  if (inPush) return undefined;
  const notification = /notifications\/elicitation\/complete/.test(site.node.getParent()?.getParent()?.getParent()?.getText() ?? '');
  return {
    rule: 'elicitation-id-removed', severity: 'warning', pos: site.node.getStart(),
    message: notification
      ? 'elicitationId in notifications/elicitation/complete: the notification and the id no longer exist in 2026-07-28'
      : 'elicitationId in URL elicitation params built here has no meaning under 2026-07-28',
    suggestion: 'Remove it; if you correlate an out-of-band flow, carry your own identifier in requestState and check the flow on the retry.',
  };
}

/**
 * `session.requestSampling(…)`: `requestSampling` is the SDK's only on `ctx.mcpReq` (and the v1
 * context); on anything else it is a framework's own asking API.
 */
function frameworkApiCall(site: PushSite): boolean {
  const callee = site.call?.getExpression();
  if (!callee || !Node.isPropertyAccessExpression(callee) || callee.getName() !== 'requestSampling' || site.alias) return false;
  const receiver = callee.getExpression().getText().replace(/\s+/g, '');
  if (/(^|\.)mcpReq$|^(ctx|context|extra)$/.test(receiver)) return false;
  const root = callee.getExpression();
  if (Node.isIdentifier(root)) {
    const decl = resolveIdentifier(root);
    const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer()?.getText() ?? '' : '';
    const bound = decl && Node.isBindingElement(decl) ? decl.getPropertyNameNode()?.getText() ?? decl.getName() : '';
    if (/\.mcpReq$/.test(init) || bound === 'mcpReq') return false;
  }
  return true;
}

function fileOf(at: string): string {
  return at.replace(/:\d+$/, '');
}

/** `tool handler offboard (directly and through confirmRemoval())`, one entry per handler. */
function describePaths(paths: HandlerPath[], scope: SiteScope): string[] {
  const byHandler = new Map<HandlerInfo, Set<string>>();
  for (const p of paths) byHandler.set(p.handler, (byHandler.get(p.handler) ?? new Set()).add(migratedVia(p, scope).slice(0, -1).join(' → ')));
  return [...byHandler].map(([handler, vias]) => {
    const ways = [...vias].sort().map((v) => (v === '' ? 'directly' : `through ${v}`));
    return ways.length === 1 && ways[0] === 'directly' ? describeHandler(handler) : `${describeHandler(handler)} (${ways.join(' and ')})`;
  });
}

/**
 * The functions on a path as the migrated file has them: a helper the handler's migrated call lifts
 * (and each inner helper of its chain the path goes on into) is its outcome function now, which
 * runs the code after the question; a later run names it so.
 */
function migratedVia(p: HandlerPath, scope: SiteScope): string[] {
  const via = [...p.via];
  let helper = scope.liftedAt?.(p.call);
  for (let i = 0; helper?.resultFn && via[i] === `${helper.receiver}${helper.name}()`; i++, helper = helper.via?.inner) {
    via[i] = `${helper.receiver}${helper.resultFn}()`;
  }
  return via;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/**
 * A question asked in a helper, not in the handler itself: who calls the helper and why it was not
 * lifted into them (`callers`, `reason`), or that nothing reaching it was found (`nobody`). Other
 * branches (cross-module lifting, registries) can pass their own `reason`: the message renders it.
 */
export function helperFinding(site: PushSite, name: string, found: { callers: string[]; reason?: string; refusal?: HelperRefusal; nobody?: string; also?: string }): FindingInput {
  const stored = storedContextOf(site.call);
  if (stored) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in helper ${name}() through this.${stored.field}, a request context ${stored.setter}() stores on the instance: ` +
        'which request the question belongs to is not passed in (concurrent calls share the instance), so it is not migrated',
      suggestion: `Pass the context to ${name}() as a parameter from the registered handler (or a method it returns the result of) instead of storing it, then run the migration again.`,
    };
  }
  if (found.nobody) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in ${name}(), which is not a request handler: ${found.nobody}${found.also ?? ''}`,
      suggestion: 'Ask in the handlers that need the answer (return inputRequired(...) there and pass the answer in), or remove the function if nothing calls it.',
    };
  }
  return {
    rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made in ${asHelper(name)}, called by ${found.callers.join(', ')}; it is not lifted into ${found.callers.length === 1 ? 'that handler' : 'those handlers'} because ${found.reason ?? 'it is not in a shape that is lifted'}${found.also ?? ''}`,
    suggestion: found.refusal ? refusalSuggestion(found.refusal, name)
      : 'Reshape the helper so it lifts (one awaited question asked once per call, not looked up at run time), or ask in the handlers by hand (return the input request there and pass the answer in), then run the migration again.',
  };
}

/** `helper confirm()`, or a description of an unnamed function as it is (`the async function called where it is written in f()`). */
function asHelper(name: string): string {
  return isFunctionName(name) ? `helper ${name}()` : name;
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

