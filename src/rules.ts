// The rule catalogue: the single source of truth for every rule id a finding can carry. The report
// writers (human, JSON, Markdown, SARIF) read titles and help from here, and `rulesMarkdown()`
// renders the rule reference in docs/rules.md, so the documentation cannot drift from the ids in use.

export type Severity = 'error' | 'warning' | 'info';

interface RuleEntry {
  /** Stable kebab-case id; also the anchor of its section (`docs/rules.md#<id>`). */
  id: string;
  severity: Severity;
  /** One line: what was found. */
  title: string;
  /** What it means and what to do about it; 2-5 sentences, markdown allowed. */
  help: string;
}

// `as const`: the ids become the RuleId union, so a finding cannot name a rule the catalogue lacks.
const CATALOGUE = [
  {
    id: 'push-request',
    severity: 'warning',
    title: 'Server-to-client request left as it was',
    help:
      'The handler still sends `elicitation/create`, `sampling/createMessage` or `roots/list` to the client ' +
      'while it handles the request. The code compiles, but the v2 SDK throws at this call when the request ' +
      'is served on the 2026-07-28 revision. Return `inputRequired({ inputRequests, requestState })` from the ' +
      'handler instead and, on the retry, read the answer from `ctx.mcpReq.inputResponses` after resuming ' +
      'from the verified `requestState`.',
  },
  {
    id: 'push-in-loop',
    severity: 'warning',
    title: 'Server-to-client request inside a loop',
    help:
      'Each iteration would need its own round trip, and the loop position cannot be resumed without ' +
      'carrying the loop state across calls. The migration handles re-ask-until-valid loops and independent ' +
      'per-item questions itself; the message says which condition this loop misses. If the questions are ' +
      'independent, ask them all in one `inputRequests` map (one key per item); otherwise keep the loop index ' +
      'and the answers collected so far in `requestState` and return `inputRequired(...)` for the next item ' +
      'on every round.',
  },
  {
    id: 'push-in-callback',
    severity: 'warning',
    title: 'Server-to-client request inside a nested function or callback',
    help:
      'The request is made inside a callback (`.map`, an event handler, a closure) or the push function ' +
      'is stored or passed on as a value, so the handler cannot return `inputRequired(...)` from that spot. ' +
      'Lift the question into the handler body: return the input request from the handler, then run the ' +
      'callback on the retry with the answer passed in as an argument.',
  },
  {
    id: 'push-outside-request',
    severity: 'warning',
    title: 'Server-to-client request outside any request that can ask for input',
    help:
      'The code provably runs outside a `tools/call`, `prompts/get` or `resources/read` request: at start-up or ' +
      'when a session connects, in a notification handler, a timer, an event listener (a chat gateway, an ' +
      'EventEmitter), an HTTP route, after the handler has answered (started without `await`), or only for a ' +
      'request that cannot answer with `input_required` (`tools/list`, `resources/subscribe`). Under ' +
      '2026-07-28 a server can only ask the client for input as the result of one of those requests, so this ' +
      'question has nothing to attach to and no longer reaches the client. The message says which path runs ' +
      'outside. Take the value from tool arguments or server configuration (environment, config file) ' +
      'instead, or move the question into the tool that needs it.',
  },
  {
    id: 'push-not-awaited',
    severity: 'warning',
    title: 'Fire-and-forget server-to-client request',
    help:
      'The request is started but its result is never awaited, so the handler carries on without the ' +
      'answer. An input request is only sent when the handler returns `inputRequired(...)`, which ends ' +
      'this call. Decide whether the answer is needed: if it is, return the input request and continue on ' +
      'the retry; if it is not, remove the call.',
  },
  {
    id: 'push-in-helper',
    severity: 'warning',
    title: 'Server-to-client request inside a helper, not lifted into its callers',
    help:
      'The question is asked in a function that is not itself a request handler; the message names the handlers ' +
      'found calling it (in this file, or in other modules in cross-file mode) and why it was not lifted into ' +
      'them, or says that no caller was found and what would find one (the whole package, `--project <tsconfig>`). ' +
      'A helper lifts when it asks once, awaited, with only pure code before the question; otherwise split it by ' +
      'hand into a part that builds the request and one that takes the answer, which the handler calls on the ' +
      'retry after returning the input request, or remove it if nothing calls it. The finding is an **error** ' +
      'when the helper goes ahead without the answer: its `catch` or a client-capability check returns a ' +
      'confirmation (`true`, `{ confirmed: true }`) or falls back to `process.cwd()` for roots. On 2026-07-28 the ' +
      'request throws (or the check skips it) and the action runs without asking, so every call of the helper in ' +
      'a handler that reaches it is reported as an error too.',
  },
  {
    id: 'framework-asking-api',
    severity: 'warning',
    title: "Request behind a framework's asking API (`ctx.elicit`, a base class's `this.elicit()`)",
    help:
      'The question implements an asking API that this code hands to other code: a member of a context ' +
      "object given to user functions (`context.elicit`, `ctx.sample`), a closure returned to be stored there, " +
      'a protected method of a base class for its subclasses, or a public method or export of the package ' +
      'that no handler in it calls; or code calls such an API of a framework (`session.requestSampling()`). ' +
      'The function that asks belongs to whoever calls the API, not to a handler that could be split at the ' +
      'question (where a request handler builds the API for the code it runs, the finding names that handler). A ' +
      'framework author has to give the API an `inputRequired` form: the dispatcher that runs the user\'s ' +
      'function turns the question into a returned `inputRequired({ inputRequests, requestState })` result, and ' +
      're-enters the user\'s function on the retry with the answer (from `ctx.mcpReq.inputResponses`, after ' +
      'resuming from the verified `requestState`). Users of such a framework migrate when it does.',
  },
  {
    id: 'push-conditional-expression',
    severity: 'warning',
    title: 'Request awaited inside `&&`, `||`, `??` or `?:`',
    help:
      'The question is only asked when the surrounding condition allows it, and hoisting the await out of ' +
      'the expression would change when it runs. Rewrite the expression as an `if` statement (evaluate ' +
      'the condition, then ask) and run the migration again, or return `inputRequired(...)` from that ' +
      'branch by hand. The migration does this itself for `const x = a && (await …)…` (also `||`) when ' +
      '`a` has no side effects and its type fits the type of `x`: it becomes `let x: T = a; if (x) { x = … }`; ' +
      'after `??` it becomes `let x: T; if (a === undefined || a === null) { x = … } else { x = a; }`.',
  },
  {
    id: 'push-in-try',
    severity: 'warning',
    title: 'Request inside try/catch/finally whose meaning the rewrite cannot keep',
    help:
      'Splitting the handler at this request would move code out of the `try` block, so the `catch` or ' +
      '`finally` would no longer cover what it covered before (a `finally` would also run on the first ' +
      'leg; one that only forgets a completion notifier is kept, see `completion-notifier-removed`). Narrow ' +
      'the `try` so it does not contain the request, or restructure it by hand: return ' +
      '`inputRequired(...)` before entering the `try` and run the protected code on the retry.',
  },
  {
    id: 'push-nested-block',
    severity: 'warning',
    title: 'Request inside a nested block the step machine cannot resume into',
    help:
      'The request sits where the generated step machine cannot jump back into on the retry with ' +
      'certainty: in a loop or labelled block, a branch or `switch` case without braces, a case that ' +
      'falls through, more than six `if`/`try`/`case` blocks deep, under a condition or switch subject ' +
      'that may change between legs, or after an earlier block that asks without returning. Flatten the ' +
      'block (early returns, a helper per branch) so the question is asked at the top level of the ' +
      'handler, then run the migration again, or migrate this handler by hand.',
  },
  {
    id: 'push-unsupported-shape',
    severity: 'warning',
    title: 'Request in a shape the migration does not rewrite',
    help:
      'The migration recognised a server-to-client request but not a form it can rewrite with certainty, ' +
      'so it left the code as it was; it will throw when served on 2026-07-28. Migrate it by hand: return ' +
      '`inputRequired({ inputRequests: { key: inputRequired.elicit(...) }, requestState })` from the ' +
      'handler and resume from the verified state on the retry.',
  },
  {
    id: 'then-chain',
    severity: 'warning',
    title: 'Request consumed through a `.then` / `.catch` chain',
    help:
      'The answer is handled in `.then` / `.catch` callbacks, which the migration does not split into ' +
      'steps. Rewrite the chain with `await` (and `try`/`catch` where the `.catch` matters) and run the ' +
      'migration again, or move the callback body to the retry leg by hand.',
  },
  {
    id: 'task-augmented-request',
    severity: 'warning',
    title: 'Task-augmented request or `tasks/*` plumbing (tasks moved to an extension)',
    help:
      'Tasks are no longer part of the core protocol in 2026-07-28. This is a request augmented with a `task`, ' +
      'a request sent for a task (`relatedTask`, a background runner a task-creating tool starts), or task ' +
      'plumbing (`tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`, `registerToolTask` callbacks); none ' +
      'of it is rewritten. Either drop the task and migrate the request as a plain input request, or adopt the ' +
      'tasks extension and follow its guidance.',
  },
  {
    id: 'state-not-serializable',
    severity: 'warning',
    title: 'A value live across the split is not plain JSON',
    help:
      'This value is used after the question but is created before it, so it must travel in ' +
      '`requestState`; its type (a class instance, function, `Map`, `Date`, `bigint`, …) does not survive ' +
      'JSON. Carry the plain data it is built from (ids, strings, numbers) and rebuild the value on the ' +
      'retry, or recompute it from the re-sent arguments. (A `const x = new Date()` never changed in place ' +
      'is carried as its ISO string automatically.)',
  },
  {
    id: 'state-value-unchecked',
    severity: 'info',
    title: "A carried value's type could not be checked for JSON safety",
    help:
      'This value travels in `requestState`, but its type is `unknown` (or contains `unknown`), so the ' +
      'migration could not prove it is plain JSON. Check that it holds only objects, arrays, strings, ' +
      'finite numbers, booleans and `null`; anything else is lost or changed on the way through the client.',
  },
  {
    id: 'state-value-any',
    severity: 'warning',
    title: 'A value live across the split has type `any`',
    help:
      'This value is created before the question and used after it, so it must travel in `requestState`, ' +
      'but its type is `any` (often `JSON.parse(…)`, `await response.json()` or an untyped library), or names ' +
      'a type declared where the state type cannot see it (a union of string, number or boolean literals is ' +
      'written out member by member instead, and travels). Its JSON safety cannot be checked and the state ' +
      'type would have to say `any`, so the handler is left as it was. Give the value a type (annotate its ' +
      'declaration) or move the type declaration to the top of the handler, then run the migration again. ' +
      'When the file imports a module that cannot be found from it (its dependencies are not installed), ' +
      'the handler is reported as `types-unresolved` instead. A value whose declaration is ' +
      'annotated with types the module imports travels with that annotation instead (noted as unchecked).',
  },
  {
    id: 'types-unresolved',
    severity: 'warning',
    title: 'A type the migration needs rests on modules that are not installed',
    help:
      'The file imports modules that cannot be found from it (the dependencies are not installed, or ' +
      '`@modelcontextprotocol/server` 2.x is not yet, as in a v1 project this run upgrades), and a value the ' +
      'step machine would carry in `requestState` (or declare before the question, or loop over) takes its type ' +
      'from them: its type is `any` there, a check before the question narrows it through them, or an answer ' +
      'is narrowed in a way the SDK\'s own type names cannot say. Written now, the state type would be a guess ' +
      'that may not compile once the dependencies are installed (`\'answer.content\' is possibly undefined`), so ' +
      'the handler is left as it was. Install the dependencies (`npm install`) and run the migration again: ' +
      'the types are then read from them. What holds either way is still migrated: answers and requests under ' +
      'the SDK\'s own type names (an answer narrowed before the split as `NonNullable<ElicitResult[\'content\']>`), ' +
      'values the file types itself, and values annotated with imported types that nothing narrows.',
  },
  {
    id: 'state-size-unbounded',
    severity: 'info',
    title: 'A carried value has no size bound',
    help:
      'The handler carries a string, an array, a record or a built sampling request across a question, and ' +
      'nothing bounds its size. A step state whose JSON is over 24 KiB (`MAX_INLINE_STATE_BYTES`) does not ' +
      'travel in the token: the generated state module keeps it on the server, protected like the token, ' +
      'and the token carries its id. The default store is the process\'s memory, so behind a load balancer ' +
      'or on serverless a retry that reaches another instance is refused and the client starts the call ' +
      'again: plug in a store all instances share with `useLargeStateStore()` (see "Large states" in the ' +
      'module\'s header).',
  },
  {
    id: 'question-in-loop-resumed',
    severity: 'info',
    title: 'A re-ask loop asks once per input round',
    help:
      'The question sits in a loop that asks until the answer is valid. Each time round the loop is now one ' +
      '`inputRequired(...)` round: the retry restores the loop state (the values declared before the loop and ' +
      'used in it) from `requestState`, re-enters the loop and reads the answer. The state module allows ' +
      '`MAX_ROUNDS` (8) rounds per call; past that the call ends with an error instead of asking again.',
  },
  {
    id: 'questions-per-item-one-round',
    severity: 'info',
    title: 'Per-item questions of a loop are asked in one round',
    help:
      'A `for…of` asked one question per item and, between the questions, only worked on its own locals. ' +
      'All the questions now go out in one `inputRequired(...)` round, one key per item (`<key>_0`, ' +
      '`<key>_1`, …, stable because the retry iterates over the same array), and the loop then runs on the ' +
      'answers in the same order. The user sees the questions together instead of one after another.',
  },
  {
    id: 'question-deferred-to-await',
    severity: 'info',
    title: 'A request started early is now asked where it was awaited',
    help:
      'The handler started the request into a local (`const pending = elicitInput(…)`) and awaited it a few ' +
      'statements later. Under 2026-07-28 a question is only asked by returning `inputRequired(...)`, so it ' +
      'is now asked at the `await`, after the statements in between (which run once, on the first leg). Its ' +
      'params read only values that cannot change in between, so the question is the same.',
  },
  {
    id: 'side-effect-before-input',
    severity: 'info',
    title: 'Side effects before the question run once, on the first leg only',
    help:
      'Code before the question (writes, logging, external calls) now runs on the first call only; the ' +
      'retry resumes after it from `requestState`. That is usually what you want, but if the client never ' +
      'retries, the side effect has happened without the rest of the handler. Move side effects after the ' +
      'question where possible, or make them idempotent.',
  },
  {
    id: 'then-chain-awaited',
    severity: 'info',
    title: 'A `.then` / `.catch` chain on a request was rewritten with `await` before the migration',
    help:
      'The request was consumed through `.then(answer => …)` (and `.catch(error => …)`), returned as the ' +
      "handler's result or awaited into a variable. The chain was rewritten to `const answer = await …` " +
      "followed by the callback's code (inside a `try` whose `catch` holds the `.catch` callback, so it " +
      'still covers errors of the `.then` callback); then the handler was migrated as usual. Review the ' +
      'rewritten handler once.',
  },
  {
    id: 'push-option-dropped',
    severity: 'info',
    title: 'Request options (`timeout`, `signal`, `relatedRequestId`, …) no longer apply',
    help:
      'The old call passed request options that have no counterpart in an input request: the client ' +
      'answers on its own schedule by retrying the call. The options were dropped. If the timeout or ' +
      'cancellation mattered, enforce it on the retry (for example with an expiry carried in ' +
      '`requestState`). Options whose evaluation has effects (`{ timeout: nextTimeout() }`) are not ' +
      'dropped: that question is left as it was and reported (push-unsupported-shape).',
  },
  {
    id: 'promise-race-timeout',
    severity: 'info',
    title: '`Promise.race` timeout around the request dropped',
    help:
      'The request was raced against a timer; with an input request there is nothing to wait for, so the ' +
      'race was removed. The codec\'s `ttlSeconds` bounds how long the client may take to answer; set it ' +
      'to the old timeout if that limit mattered. A member of the race that does more than start a timer ' +
      'settling itself (`watchdog(id)` recording the call) is not dropped: that question is left as it was ' +
      'and reported (push-unsupported-shape).',
  },
  {
    id: 'elicitation-id-removed',
    severity: 'info',
    title: '`elicitationId` removed; correlation moves into `requestState`',
    help:
      '2026-07-28 removes `elicitationId`, so it was stripped from the request. If the server used it to ' +
      'match an out-of-band flow (for example a URL elicitation) to this call, put your own identifier ' +
      'into the `requestState` payload and read it back on the retry.',
  },
  {
    id: 'legacy-era-branch',
    severity: 'info',
    title: 'Request in a handler\'s 2025-era branch left as it is',
    help:
      'The handler already answers 2026-07-28 requests with `inputRequired(...)` and asks the client directly ' +
      'only inside an explicit 2025-era branch (`if (reqCtx.era === \'legacy\')`, `isLegacyRequest(...)`), ' +
      'which is right for the clients that branch serves. It is left as it is. Remove the branch when 2025 ' +
      'clients no longer need serving.',
  },
  {
    id: 'completion-notifier-removed',
    severity: 'warning',
    title: 'Elicitation completion notifier removed',
    help:
      '`createElicitationCompletionNotifier` and `notifications/elicitation/complete` no longer exist in ' +
      '2026-07-28. An `accept` on a URL elicitation means the user consented, not that the flow finished: ' +
      'on the retry, check the out-of-band flow yourself (via an identifier carried in `requestState`) and ' +
      'return another `inputRequired(...)` while it is still pending. A notifier the handler only stores in ' +
      "the file's own Map, Set, array or const object for a later caller (an OAuth callback route) becomes a " +
      'no-op `async () => {}` and the handler is migrated; the later call is marked, as it now does nothing. ' +
      'A `finally` around the question that only deletes that entry again (`pending.delete(id)`), where the ' +
      'file otherwise only calls what the collection holds, is kept: it now runs at the end of every leg.',
  },
  {
    id: 'url-elicitation-throw',
    severity: 'info',
    title: '`throw new UrlElicitationRequiredError` became `inputRequired.elicitUrl`',
    help:
      'The thrown error was replaced by returning `inputRequired({ inputRequests: { key: ' +
      'inputRequired.elicitUrl({ message, url }) } })`. Check that the retry leg verifies the out-of-band ' +
      'flow really completed before it proceeds, since `accept` only means the user consented.',
  },
  {
    id: 'answer-validation',
    severity: 'info',
    title: 'Accepted elicitation content is validated against the schema it was asked with',
    help:
      'v1 `elicitInput` validated accepted content against `requestedSchema` and threw when it did not ' +
      'match (a tool then answered `isError`); MRTR answers are not validated by the SDK. The migrated ' +
      'handler checks the content against the same schema and, instead of failing, asks again with the same ' +
      'state (bounded by the round limit), so invalid content never reaches code that trusted it. Keep that ' +
      'check if you edit the handler; if you prefer the old failure, return an error result where ' +
      '`elicitAnswer` returns undefined for an accepted answer.',
  },
  {
    id: 'result-built-elsewhere',
    severity: 'warning',
    title: 'Handler result is not an object literal',
    help:
      'Every result should state `resultType: \'complete\'`, but this handler returns a value built ' +
      'elsewhere (a variable or a helper call), so the migration could not add it. Add ' +
      '`resultType: \'complete\'` where the result object is built. The SDK stamps it on the 2026 wire ' +
      'anyway, so this is about code that says what goes on the wire.',
  },
  {
    id: 'dispatcher-adapted',
    severity: 'info',
    title: 'A dispatcher between the registration and a migrated handler was changed',
    help:
      'The handler is a tool definition\'s function (`{ name, handler }`, a factory\'s result, a subclass\'s ' +
      '`execute`) that a registration reaches through a loop, a table or a base class. Now that it can answer ' +
      'with `inputRequired(...)`, the code in between passes the request context on and hands an ' +
      '`InputRequiredResult` back unchanged before it works on the result (no conversion to text, not counted ' +
      'as a finished call). Code it runs before the call runs again on every round: each round is a request.',
  },
  {
    id: 'handler-called-outside-run',
    severity: 'error',
    title: 'Handler left as it was: code the run does not update calls its function',
    help:
      'Migrating this handler adds the request context as a parameter of its function (it reads `requestState` ' +
      'and the input responses from it), but a file the run does not update calls that function with fewer ' +
      'arguments: a file of the package outside the paths given to the run, or a test (the run adapts ' +
      'dispatchers, never a direct call in a test). That call would no longer compile, and would get ' +
      '`inputRequired(...)` where it awaits the answer, so the handler is left as it was and the run exits 1. ' +
      'Update the named calls first (declare the context parameter and pass one; a test can pass a stub and answer ' +
      'the input request on a second call), then run the migration again, or migrate the handler and its callers by hand.',
  },
  {
    id: 'request-state-verify-not-wired',
    severity: 'warning',
    title: 'requestState verification not wired into the server',
    help:
      'The migrated handlers rely on a verified `requestState`, but the `McpServer` construction was not ' +
      'found in this file. Pass `{ requestState: { verify: mrtrState.verify } }` in the server options ' +
      'where it is created. Until then the SDK hands the handlers the raw string, and the generated state ' +
      'module verifies it inside the handler (the same checks) and logs a warning once: a bad state is refused ' +
      'from the handler instead of with -32602 before any handler runs.',
  },
  {
    id: 'client-capabilities',
    severity: 'info',
    title: '`getClientCapabilities()` became a per-request envelope read',
    help:
      'Under 2026-07-28 client capabilities arrive on every request and must not be inferred from earlier ' +
      'ones. The call was replaced with a read of ' +
      '`ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY]`. Where no request context is in reach, pass ' +
      'the capabilities in from the handler.',
  },
  {
    id: 'sdk-upgrade',
    severity: 'warning',
    title: 'The v1 to v2 SDK upgrade reported this spot',
    help:
      'The v1 → v2 surface upgrade runs first (our own pass for registrations, handler keys, handler contexts ' +
      'and utility imports, then the official `@modelcontextprotocol/codemod` `v1-to-v2` transforms that have ' +
      'work left). An **error** is v1 code it could not rewrite that would break the migrated server (it does ' +
      'not compile, or throws when it starts), such as an import with no v2 home, a registration it cannot read, ' +
      'a key v2\'s exact types reject, or a low-level `setRequestHandler` whose result v2 types reject (v1 ' +
      "accepted any object; v2 types each method's result): the file is left on v1 as it was, and the other " +
      'files of its package with it (they move to v2 together), and the run exits 1. Rewrite the spot as the ' +
      'message says, then run again. A note at a `zodToJsonSchema(X)` input schema asserted as v2\'s ' +
      '`Tool[\'inputSchema\']` says why its value is always an object schema (nothing to do). ' +
      'Other warnings and notes are the official codemod\'s messages, kept as written; follow them.',
  },
  {
    id: 'typecheck-regression',
    severity: 'error',
    title: 'Migrated, the code would typecheck worse than before: left as it was',
    help:
      'Where a package can be typechecked (its dependencies installed), every file the run changes, every ' +
      'module it generates and every file importing a changed one is typechecked before and after the run, ' +
      'with the package\'s own `tsconfig.json` (TypeScript\'s defaults without one) and, for packages the ' +
      'run adds to or raises in `package.json` (`@modelcontextprotocol/server` 2.x, zod 4), the copies this ' +
      'tool ships. A file with more diagnostics after is put back as it was, with what it changes together ' +
      'with (its cross-file group; in a package the v1 → v2 upgrade moves, the whole package and its ' +
      'manifest), and the run exits 1. The **error** quotes the new diagnostics (lines of the migrated text); ' +
      'the **warning** is on a file put back with it. Migrate the spot by hand or report the quoted text as a ' +
      'bug of this tool. A package that cannot be checked is named once in the summary ' +
      '(`output not typechecked: install dependencies for a checked run`); `--no-typecheck` turns the check off.',
  },
  {
    id: 'zod-upgrade',
    severity: 'error',
    title: 'A zod 3 call that zod 4 no longer accepts',
    help:
      'The v2 SDK needs zod 4, so a package moved off the v1 SDK has its `zod` 3 range raised to `^4.2.0` (or ' +
      '`^4.2.0` declared where the code used the v1 SDK\'s own zod), which reaches every file of the package that ' +
      'imports `zod`; in a package on zod 4 already, the files that import zod 3 from `zod/v3` follow the same ' +
      'way. Calls with an exact zod 4 spelling are rewritten there (`z.record(value)` → `z.record(z.string(), value)`, ' +
      '`.nonstrict()` → `.passthrough()`, `.augment()` → `.extend()`, a ZodError\'s `errors` → `issues` and ' +
      '`formErrors` → `flatten()`, `required_error` / `invalid_type_error` / an `errorMap` that reads no issue → ' +
      '`error`, a `description` parameter → `.describe()`, dropped generic parameters of `ZodType`, `ZodObject`, ' +
      '`ZodArray` and `ZodEnum`), and a `zod/v3` import becomes `zod` once nothing zod 3 is left in its file. The ' +
      'others (`.deepPartial()`, `.ip()`, `.cidr()`, `z.function().args()`, `.strict(message)`, a refinement\'s ' +
      'message function or `ctx.path`, an error map reading `ctx`, issue codes and exports zod 4 dropped, ' +
      '`_def.typeName`, the static `.create()` factories) are reported here, and so is every call into ' +
      '`zod-to-json-schema`, which returns an empty schema for a zod 4 schema, and code naming a type zod 4 changed ' +
      '(an issue callback whose `path` admits no symbol, a variable declared `ZodRawShape` handed to ' +
      '`registerTool`). One of them keeps the whole package on the v1 SDK and its zod, byte for byte (moved, it ' +
      'would typecheck worse); the run exits 1: rewrite each as the message says, then run the migration again. ' +
      'A module importing both `zod/v3` and zod 4 keeps `zod/v3`, with a warning.',
  },
  {
    id: 'serve-http-manual',
    severity: 'warning',
    title: 'HTTP serving setup to put behind `createMcpHandler` by hand',
    help:
      'The 2026-07-28 wire is only served by `createMcpHandler(factory)` over HTTP (or `serveStdio(factory)`); ' +
      'a plain `server.connect(transport)` keeps speaking the 2025 revision. This route could not get the ' +
      '`isLegacyRequest` front safely (the message says why): build `createMcpHandler(() => createServer(), { legacy: ' +
      "'reject' })` once, where `createServer()` returns a fresh server, and first in the route send it every request " +
      'for which `isLegacyRequest` is false; keep the session wiring for 2025 clients. An **error**: the route ' +
      'connects one shared server to a new transport per request and never closes it, which v2 refuses from the ' +
      'second request on; in a v1 file this keeps the file and its package on v1 as they were (exit 1).',
  },
  {
    id: 'serve-stdio-manual',
    severity: 'warning',
    title: 'stdio serving left on `server.connect()`',
    help:
      'Only `serveStdio(factory)` from `@modelcontextprotocol/server/stdio` serves 2026-07-28 over stdio; a ' +
      'connected transport keeps speaking 2025. This setup could not be rewritten: the `connect()` promise is ' +
      'used, the transport is not one the file creates, the object connected is used with members no SDK server ' +
      'has (a wrapper around one), or the file still imports the v1 SDK. Replace the connect ' +
      'with `serveStdio(() => server)`; a custom transport can be passed as `{ transport }`.',
  },
  {
    id: 'server-ping',
    severity: 'warning',
    title: 'Server-to-client ping',
    help:
      'Under 2026-07-28 a server cannot send requests to the client, and the v2 SDK throws at `Server.ping()` on ' +
      'that revision. There is no session to keep alive: remove it, or keep it only on a path that serves 2025 clients.',
  },
  {
    id: 'roots-list-changed-handler',
    severity: 'warning',
    title: 'Handler for `notifications/roots/list_changed`',
    help:
      '2026-07-28 has no sessions, so this notification never arrives, and Roots is deprecated. Ask for roots ' +
      'where a request needs them (`inputRequired.listRoots()`), or pass directories or files via tool ' +
      'parameters, resource URIs or server configuration.',
  },
  {
    id: 'logging-set-level-handler',
    severity: 'warning',
    title: 'Handler for `logging/setLevel`',
    help:
      'On 2026-07-28 the log level arrives with every request (`_meta` `io.modelcontextprotocol/logLevel`), and ' +
      '`ctx.mcpReq.log()` honours it; a session-wide level has no meaning. Logging is deprecated: log to stderr ' +
      'for stdio transports and use OpenTelemetry for observability.',
  },
  {
    id: 'oninitialized-roots',
    severity: 'warning',
    title: '`oninitialized` hook that asks the client for roots',
    help:
      '2026-07-28 has no initialize handshake, so the hook never runs there. Ask in the tool that needs the roots ' +
      "(`return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } })`), or pass directories or " +
      'files via tool parameters, resource URIs or server configuration.',
  },
  {
    id: 'oninitialized-hook',
    severity: 'warning',
    title: '`oninitialized` hook that sets the server up for a session',
    help:
      '2026-07-28 has no initialize handshake, so the hook never runs for those clients, and what it does ' +
      '(tools registered once the client\'s capabilities are known, timers started) is not done for them. Do it ' +
      'where the server is built; where it depends on the client\'s capabilities, check them in the request that ' +
      'needs them (each 2026-07-28 request carries them).',
  },
  {
    id: 'state-carries-sensitive-value',
    severity: 'info',
    title: 'A value carried in a signed `requestState` looks sensitive',
    help:
      'With `--state-protection signed` the state is signed, not encrypted, and travels through the client, ' +
      'which can read it. A value named or typed like a secret (token, password, key, credential) is carried ' +
      'in it. Use the default `sealed` protection, or carry an identifier and look the secret up again on the retry.',
  },
  {
    id: 'alias-arguments-differ',
    severity: 'warning',
    title: 'A call of a configured alias does not pass the SDK method\'s arguments',
    help:
      'The configuration (`mcp-mrtr-migrate.config.json` or the `"mcp-mrtr-migrate"` key of package.json) declares ' +
      'this call as an alias of `elicitInput`, `requestSampling` or `listRoots` with the same parameters, but the call ' +
      'passes something else (a message string, field lists, more arguments), so it cannot be turned into an input ' +
      'request as written; the handler is left as it was. Call the alias with the SDK\'s request params ' +
      '(`{ message, requestedSchema }`, `{ messages, maxTokens }`), or drop the alias and migrate the glue by hand.',
  },
] as const satisfies readonly RuleEntry[];

/** Every rule id a finding can carry. */
export type RuleId = (typeof CATALOGUE)[number]['id'];

export interface RuleInfo extends RuleEntry {
  id: RuleId;
}

export const RULES: readonly RuleInfo[] = Object.freeze(CATALOGUE);

const BY_ID: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}

/** `id` names a rule of the catalogue (for ids read from outside: a report, a baseline, a CLI flag). */
export function isRuleId(id: string): id is RuleId {
  return BY_ID.has(id);
}

/** The rule reference of docs/rules.md: one `### <id>` section per rule, in catalogue order. */
export function rulesMarkdown(): string {
  return RULES.map((rule) => `### ${rule.id}\n\n**${rule.severity}** · ${rule.title}\n\n${rule.help}\n`).join('\n');
}

/** Most severe first; the order findings are grouped in. */
export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];

/** Catalogue position of a rule (unknown ids sort after every known one). */
export function ruleOrder(id: string): number {
  const index = RULES.findIndex((rule) => rule.id === id);
  return index === -1 ? RULES.length : index;
}
