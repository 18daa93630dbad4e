// Expected outcome of every push site of the corpus (test/corpus/servers), decided from what a
// correct migration is (docs/output.md "The shape of migrated code", docs/rules.md), not from what
// the tool happens to do today. `line` is the line of the push call in the ORIGINAL file (its first
// token), `api` what test/corpus/push-scan.ts calls it. `expect` is 'migrated' (the push call is
// gone and the handler answers with inputRequired) or the rule id of the finding that should sit on
// that line. `shapes` are the shapes of /work/shared/real-world-shapes.md the site exhibits.

export const SHAPES = {
  conditional: 'reached only conditionally (if/else, early return, capability check before)',
  helper: 'in a helper function or method the handler calls',
  try: 'inside try/catch/finally',
  'catch-value': 'a surrounding catch turns errors into values',
  'side-effect': 'side effects before the request',
  capability: 'gated on client capabilities',
  locals: 'locals computed before the request, used after it',
  raw: 'raw request with a method string (send / request)',
  value: 'the request function passed or stored as a value',
  outside: 'outside any client request (init, notification, HTTP route, timer)',
  straight: 'straight-line single request',
  this: 'through this.* (class-based tools, base classes)',
  alias: 'framework glue (ctx.elicit, this.elicit, sample())',
  'state-after': 'persistent state mutated after the request',
  sequential: 'several sequential requests on one path',
  'fire-forget': 'fire-and-forget, not awaited',
  'handler-away': 'handler declared away from the registration',
  url: 'URL-mode elicitation',
  'url-notifier': 'URL mode with completion notification',
  'random-id': 'random ids / timestamps before the request, used after',
  loop: 'request inside a loop (or a .map callback)',
  task: 'task-augmented request / task polling',
  dependent: 'later request built from an earlier answer',
  then: '.then / .catch chain instead of await',
  'low-level': "low-level setRequestHandler('tools/call')",
  'prompt-resource': 'request from a prompt or resource handler',
  'await-expr': 'await inside an expression (&&, template)',
  race: 'Promise.race with a timeout',
  destructured: 'result destructured at the await',
  'already-migrated': 'file already contains inputRequired code',
  'promise-all': 'several requests in one Promise.all',
} as const;

export type Shape = keyof typeof SHAPES;

export interface ExpectedSite {
  line: number;
  api: string;
  expect: 'migrated' | string;
  shapes: Shape[];
  /** Why this outcome is the right one, where it is not obvious. */
  note?: string;
}

export const EXPECTED: Record<string, ExpectedSite[]> = {
  'agent-kit.ts': [
    {
      line: 24, api: 'ctx.mcpReq.elicitInput', expect: 'push-in-helper', shapes: ['alias', 'helper', 'handler-away'],
      note: 'exposed to tools as ctx.elicit() by toolContext(); tools reach it through tool.run() from a generic registration loop',
    },
    { line: 35, api: 'ctx.mcpReq.requestSampling', expect: 'push-in-helper', shapes: ['alias', 'helper', 'handler-away'], note: 'ctx.sample() of the same kit' },
    {
      line: 72, api: 'ctx.elicit [alias]', expect: 'alias-arguments-differ', shapes: ['alias', 'handler-away'],
      note: 'declared in the corpus config as an elicitation alias, but the kit passes (message, fields), not the SDK params: reported, never rewritten',
    },
    { line: 83, api: 'ctx.sample [alias]', expect: 'alias-arguments-differ', shapes: ['alias', 'handler-away'], note: 'ctx.sample(prompt, options): not the SDK params' },
  ],
  'analytics-reports.ts': [
    {
      line: 47, api: 'server.request(sampling/createMessage)', expect: 'migrated', shapes: ['low-level', 'raw', 'conditional', 'side-effect', 'locals'],
      note: "if/else-if dispatch on request.params.name (pure); the metrics query runs once on the first leg, `table` travels in state",
    },
    { line: 59, api: 'server.elicitInput', expect: 'migrated', shapes: ['low-level', 'conditional', 'race'], note: 'the race timeout is dropped with a promise-race-timeout note' },
  ],
  'aws-iam.ts': [
    { line: 33, api: 'this.mcp.server.elicitInput', expect: 'migrated', shapes: ['this', 'conditional', 'try', 'catch-value', 'state-after'] },
    {
      line: 63, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['this', 'sequential', 'side-effect', 'locals', 'random-id'],
      note: '`const startedAt = new Date()` is live across both questions: it travels as its ISO string and is revived with new Date(…) in each step (exact to the millisecond)',
    },
    { line: 73, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['this', 'sequential', 'side-effect', 'locals', 'random-id'], note: 'same handler as line 63; `created` is carried (sealed state)' },
  ],
  'browser-auth.ts': [
    {
      line: 31, api: 'server.server.createElicitationCompletionNotifier', expect: 'migrated', shapes: ['url', 'url-notifier', 'random-id', 'side-effect'],
      note: 'stored in the file\'s own pendingLogins Map: becomes a no-op notifier (async () => {}), so the OAuth callback route still compiles and its call (marked, info) does nothing',
    },
    {
      line: 34, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['url', 'url-notifier', 'random-id', 'side-effect', 'locals'],
      note: 'URL mode without elicitationId; the side effects before it run on the first leg only and the random loginId travels in the state',
    },
    { line: 58, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['url', 'capability', 'conditional'], note: 'elicitationId dropped with an info finding' },
  ],
  'calendar-scheduler.ts': [
    {
      line: 54, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['handler-away', 'random-id', 'side-effect', 'locals', 'state-after', 'conditional'],
      note: 'wrapped in withErrorHandling(...), which returns the handler result unchanged (after logging): the inner callback migrates, and Handler<A> admits InputRequiredResult',
    },
    { line: 80, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['await-expr', 'straight'], note: 'await inside a template literal inside the returned object: nothing before it in the statement has effects, so hoisting is safe' },
  ],
  'cloud-deploy.ts': [
    {
      line: 36, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['conditional', 'side-effect', 'locals', 'state-after'],
      note: 'question inside `if (target === "production")` after the build: the build must run once and `build` travel in state; the condition is pure and recomputed from the re-sent arguments',
    },
    { line: 59, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['race', 'try', 'catch-value'] },
  ],
  'code-review.ts': [
    {
      line: 37, api: 'workspaceRoots [alias]', expect: 'migrated', shapes: ['alias', 'capability', 'conditional', 'locals'],
      note: "request-scoped roots alias, asked only when the client declares roots; `let base = process.cwd()` before the if only reads the working directory, so it may run again on the retry",
    },
    {
      line: 44, api: 'askModel [alias]', expect: 'migrated', shapes: ['alias', 'sequential', 'dependent', 'locals'],
      note: 'second round of review_file: the file chosen with the roots answer is read once and `source` travels in state',
    },
    {
      line: 65, api: 'askUser [alias]', expect: 'migrated', shapes: ['alias', 'try', 'catch-value', 'side-effect', 'locals', 'state-after'],
      note: 'the draft note is created once on the first leg and `draft` travels in state; publishing runs once, after the answer',
    },
    {
      line: 91, api: 'askModel [alias]', expect: 'push-in-callback', shapes: ['alias', 'value'],
      note: 'the question is wrapped in a closure handed to withRetry(), which may call it twice: the handler cannot return an input request from there',
    },
    { line: 105, api: 'askUser [alias]', expect: 'migrated', shapes: ['alias', 'prompt-resource', 'straight'], note: 'prompts/get may return input_required too' },
  ],
  'confluence-export.ts': [
    { line: 18, api: 'server.server.elicitInput', expect: 'migrated', shapes: ['prompt-resource', 'straight'] },
    { line: 48, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['prompt-resource', 'sequential', 'side-effect'] },
    { line: 63, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['prompt-resource', 'sequential', 'dependent', 'side-effect'] },
  ],
  'docker-manager.ts': [
    { line: 47, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['side-effect', 'locals', 'state-after', 'conditional'] },
    {
      line: 77, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['loop'],
      note: 're-ask-until-valid loop: one step re-enters the while with `mapping` and `hint` restored; each invalid answer asks again (with the updated hint) in a new round, up to the state module\'s 8 rounds per call',
    },
  ],
  'everything-demo.ts': [
    { line: 19, api: 'server.server.createMessage', expect: 'migrated', shapes: ['straight'] },
    { line: 38, api: 'server.server.elicitInput', expect: 'migrated', shapes: ['straight'] },
    { line: 76, api: 'server.server.listRoots', expect: 'migrated', shapes: ['capability', 'conditional', 'try', 'catch-value', 'destructured'] },
  ],
  'feature-flags.ts': [
    {
      line: 30, api: 'askUser [alias]', expect: 'migrated', shapes: ['alias', 'helper', 'conditional', 'try', 'catch-value', 'side-effect', 'locals'],
      note: 'guarded helper: confirmProtectedChangeParams() returns { done: true } outside protected environments (toggle_flag goes on without input_required) or { ask: request }; the flag read runs once and `flag` travels in state',
    },
    {
      line: 77, api: 'askModel [alias]', expect: 'migrated', shapes: ['alias', 'capability', 'conditional', 'side-effect', 'locals'],
      note: 'capability check reads the request envelope first; the flag read runs once and `flag`/`states` travel in state',
    },
    {
      line: 98, api: 'askModel [alias]', expect: 'push-in-callback', shapes: ['alias', 'outside', 'fire-forget', 'then'],
      note: 'drafted in a setTimeout after the tool has answered (the AsyncLocalStorage scope survives into the timer): no request to attach an input request to',
    },
  ],
  'fs-workspace.ts': [
    {
      line: 23, api: 'server.server.listRoots', expect: 'push-outside-request', shapes: ['outside', 'helper', 'try', 'catch-value', 'state-after', 'destructured'],
      note: 'syncRootsFromClient() runs from oninitialized and the roots/list_changed notification handler only',
    },
    { line: 45, api: 'server.server.listRoots', expect: 'migrated', shapes: ['capability', 'conditional', 'destructured', 'state-after'] },
  ],
  'git-ops.ts': [
    {
      line: 18, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['helper', 'capability', 'conditional', 'side-effect', 'locals'],
      note: 'askForBranch() wraps one question; both handlers that call it can ask it themselves',
    },
    { line: 47, api: 'ctx.mcpReq.send(sampling/createMessage)', expect: 'migrated', shapes: ['raw', 'sequential', 'dependent', 'side-effect', 'locals'] },
  ],
  'github-app.ts': [
    { line: 22, api: 'server.server.elicitInput', expect: 'migrated', shapes: ['url', 'straight', 'already-migrated'] },
    { line: 40, api: 'ctx.mcpReq.send(roots/list)', expect: 'migrated', shapes: ['raw', 'destructured', 'straight', 'already-migrated'] },
  ],
  'github-issues.ts': [
    { line: 45, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['conditional', 'capability', 'locals'], note: 'the if condition only reads the argument and the capabilities' },
    {
      line: 75, api: 'ctx.mcpReq.requestSampling', expect: 'push-in-loop', shapes: ['loop', 'side-effect', 'try', 'catch-value', 'state-after'],
      note: 'for…of with a label applied (github.post) and a log line after each question: asking all first would change what happens when one fails; one round per item is not resumed automatically',
    },
    { line: 107, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['straight'] },
  ],
  'incident-bot.ts': [
    { line: 30, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['helper', 'sequential', 'random-id', 'locals'] },
    { line: 56, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['sequential', 'dependent', 'random-id', 'locals', 'state-after'] },
    { line: 81, api: 'ctx.mcpReq.elicitInput', expect: 'push-in-callback', shapes: ['value', 'try', 'catch-value'], note: 'passed to withRetry() as a closure' },
    {
      line: 103, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['fire-forget', 'side-effect'],
      note: 'started into `fallback` before the page is sent and awaited two statements later: asked at the await (its params read only the string argument `service`), with a question-deferred-to-await note; the page is sent once, on the first leg',
    },
  ],
  'jira-sprint.ts': [
    { line: 37, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['sequential', 'dependent', 'side-effect', 'locals', 'conditional'] },
    { line: 48, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['sequential', 'dependent', 'side-effect', 'locals'] },
    { line: 89, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['sequential', 'straight'] },
    { line: 93, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['sequential'] },
  ],
  'k8s-toolset.ts': [
    {
      line: 68, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['this', 'handler-away', 'conditional', 'side-effect', 'locals', 'state-after'],
      note: 'class method registered with .bind(this); question in an if after a read of the deployment (run once, carried)',
    },
    {
      line: 110, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['this', 'helper'],
      note: 'private confirm() method used by two methods behind delegating arrow registrations: both ask through confirmParams(), confirmOutcome() logs once at the resume step',
    },
  ],
  'lib/confirm.ts': [
    { line: 16, api: 'ctx.mcpReq.elicitInput', expect: 'push-in-helper', shapes: ['helper'], note: 'exported helper used by s3-storage.ts: a helper in another file, not a request outside any handler. In cross-file mode (the corpus package has a tsconfig.json) delete_bucket asks the question itself through the exported companions confirmWithUserParams/confirmWithUserOutcome; the helper stays because it is exported, so its own call is still reported' },
  ],
  'lib/request-scope.ts': [
    {
      line: 58, api: 'current().ctx.mcpReq.elicitInput', expect: 'push-in-helper', shapes: ['alias', 'helper'],
      note: 'the implementation of the askUser alias, reaching the request through AsyncLocalStorage: its callers are migrated where they are, the glue itself stays and is reported as the helper it is (not as code outside any request)',
    },
    { line: 63, api: 'current().ctx.mcpReq.requestSampling', expect: 'push-in-helper', shapes: ['alias', 'helper'], note: 'implementation of askModel, as line 58' },
    { line: 68, api: 'current().server.server.listRoots', expect: 'push-in-helper', shapes: ['alias', 'helper'], note: 'implementation of workspaceRoots, as line 58' },
  ],
  'linear-triage.ts': [
    {
      line: 24, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['then', 'catch-value'],
      note: 'the returned .then/.catch chain is rewritten to await inside try/catch first (exact: plain returned values, last statement), then migrated; then-chain-awaited info',
    },
    {
      line: 64, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['await-expr', 'conditional', 'side-effect', 'locals'],
      note: '`const notify = askToNotify && (await …)…` becomes `let notify: boolean = askToNotify; if (notify) { … }`; the user lookup runs on the first leg only and assignee and notify travel in the state',
    },
  ],
  'llm-gateway.ts': [
    { line: 56, api: 'ctx.mcpReq.requestSampling [value]', expect: 'push-in-callback', shapes: ['value', 'try', 'catch-value'] },
    { line: 74, api: 'server.server.createMessage [value]', expect: 'push-in-callback', shapes: ['value', 'outside'], note: 'stored in a module variable and used by a nightly job' },
  ],
  'mail-assistant.ts': [
    {
      line: 57, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['this', 'handler-away', 'race', 'random-id', 'side-effect', 'locals', 'state-after'],
      note: 'method registered through the base-class helper this.tool(...), whose callback returns handler.call(...) unchanged; its handler type admits InputRequiredResult',
    },
    { line: 74, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['this', 'handler-away', 'conditional', 'side-effect'], note: 'same base-class registrar as line 57' },
  ],
  'mongo-atlas.ts': [
    { line: 31, api: 'ctx.mcpReq.send(elicitation/create)', expect: 'task-augmented-request', shapes: ['task', 'raw', 'side-effect'] },
    { line: 47, api: 'ctx.mcpReq.send(tasks/get)', expect: 'task-augmented-request', shapes: ['task', 'raw', 'loop'] },
    { line: 52, api: 'ctx.mcpReq.send(tasks/result)', expect: 'task-augmented-request', shapes: ['task', 'raw'] },
  ],
  'notion-docs.ts': [
    { line: 46, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['side-effect', 'locals', 'try', 'catch-value', 'state-after', 'conditional'] },
    {
      line: 75, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['loop'],
      note: 'inside pages.map(async …) under Promise.all: every callback asked at once in the original too, so all questions go out in one round (summary_0, …); the pages are loaded once and carried (mind MAX_PAYLOAD_BYTES for very long pages)',
    },
  ],
  'ops-bridge.ts': [
    { line: 28, api: 'server.server.elicitInput', expect: 'push-outside-request', shapes: ['outside', 'try', 'catch-value', 'side-effect'], note: 'HTTP route' },
    {
      line: 51, api: 'send(elicitation/create)', expect: 'push-in-callback', shapes: ['value', 'loop', 'fire-forget', 'raw', 'outside'],
      note: 'background watcher started with void from a tool, receives ctx.mcpReq.send as a parameter',
    },
  ],
  'pg-admin.ts': [
    {
      line: 36, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['helper', 'conditional', 'capability', 'try', 'catch-value', 'side-effect', 'locals', 'state-after'],
      note: 'confirmDestructive() shared by drop_table and truncate_table',
    },
  ],
  's3-storage.ts': [
    { line: 65, api: 'server.server.listRoots', expect: 'push-outside-request', shapes: ['outside', 'try', 'catch-value', 'state-after', 'destructured'], note: 'start-up, after connect()' },
  ],
  'sentry-issues.ts': [
    {
      line: 44, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['low-level', 'conditional', 'try', 'catch-value', 'side-effect'],
      note: 'braced switch case on the pure request.params.name inside the try; the issue fetch before the switch is lifted (first leg only) and `issue` travels in state',
    },
    {
      line: 58, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['low-level', 'conditional', 'try', 'catch-value', 'side-effect'],
      note: 'same switch; the events fetch is the case block\'s own first-leg code, `events` and `issue` travel in state',
    },
  ],
  'slack-announce.ts': [
    { line: 45, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['random-id', 'side-effect', 'locals', 'try', 'catch-value', 'state-after'] },
    { line: 83, api: 'server.server.createMessage', expect: 'then-chain', shapes: ['fire-forget', 'then', 'state-after'] },
    { line: 106, api: 'ctx.mcpReq.elicitInput', expect: 'push-not-awaited', shapes: ['fire-forget', 'side-effect'] },
  ],
  'sqlite-analyst.ts': [
    { line: 37, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['promise-all', 'sequential'] },
    { line: 44, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['promise-all', 'sequential'] },
    { line: 76, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['side-effect', 'locals', 'straight'] },
    { line: 99, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['try', 'catch-value', 'straight'] },
  ],
  'stripe-payments.ts': [
    {
      line: 56, api: 'new UrlElicitationRequiredError', expect: 'migrated', shapes: ['url', 'conditional', 'capability', 'side-effect', 'locals'],
      note: 'checks whether the payment method exists first, so the retry after the browser step completes; the throw becomes a returned elicitUrl input request',
    },
    { line: 78, api: 'server.server.elicitInput', expect: 'push-in-try', shapes: ['try', 'side-effect', 'locals', 'conditional'], note: 'the try has a finally (metrics) that would run on every leg' },
  ],
  'support-desk.ts': [
    { line: 31, api: 'ctx.mcpReq.requestSampling', expect: 'migrated', shapes: ['handler-away', 'capability', 'conditional', 'side-effect', 'locals'], note: 'named function handler' },
    {
      line: 49, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['handler-away', 'conditional', 'side-effect', 'locals', 'state-after'],
      note: 'object-property handler; question in an if after the ticket read (run once, carried)',
    },
    { line: 70, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['handler-away', 'straight'], note: 'object-property handler' },
  ],
  'tool-framework.ts': [
    {
      line: 35, api: 'this.ctx.mcpReq.elicitInput', expect: 'push-in-helper', shapes: ['this', 'alias', 'helper'],
      note: 'base-class this.elicit() asks through this.ctx, which run() stores on the shared instance, and execute() reaches the client only through run(), which turns its string into the result: not migratable with certainty; the finding names the stored context',
    },
    { line: 48, api: 'this.ctx.mcpReq.requestSampling', expect: 'push-in-helper', shapes: ['this', 'alias', 'helper'], note: 'base-class this.sample(), same as line 35' },
    {
      line: 66, api: 'this.elicit [alias]', expect: 'alias-arguments-differ', shapes: ['this', 'alias', 'conditional', 'handler-away'],
      note: 'declared in the corpus config as an elicitation alias, but the base class takes (message, fields): reported, never rewritten',
    },
    { line: 85, api: 'this.sample [alias]', expect: 'alias-arguments-differ', shapes: ['this', 'alias', 'handler-away'], note: 'this.sample(prompt): not the SDK params' },
  ],
  'vector-search.ts': [
    { line: 59, api: 'server.server.request(roots/list)', expect: 'migrated', shapes: ['raw', 'capability', 'conditional', 'try', 'catch-value', 'locals'] },
    { line: 88, api: 'ctx.mcpReq.send(sampling/createMessage)', expect: 'migrated', shapes: ['raw', 'capability', 'conditional', 'locals'] },
    {
      line: 106, api: 'ctx.mcpReq.elicitInput', expect: 'migrated', shapes: ['try', 'catch-value', 'state-after'],
      note: 'the catch swallows the "cancelled by user" error so the index is dropped anyway (a real bug); the migration must keep that behaviour, not fix or hide it',
    },
  ],
  'weather-alerts.ts': [
    {
      line: 48, api: 'this.server.server.createMessage', expect: 'migrated', shapes: ['this', 'capability', 'conditional', 'side-effect', 'locals'],
      note: 'if (sampling) … else fallback, after two forecast reads (run once, carried)',
    },
    { line: 74, api: 'this.server.server.createMessage', expect: 'push-in-callback', shapes: ['this', 'fire-forget', 'then', 'conditional'], note: 'in setImmediate after the tool answered' },
    { line: 96, api: 'this.server.server.createMessage', expect: 'push-outside-request', shapes: ['this', 'outside', 'try', 'catch-value', 'side-effect'], note: 'hourly timer' },
  ],
};
