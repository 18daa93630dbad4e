// A server written the way mcp-mrtr-migrate emits migrated handlers: each handler resumes from the
// protected step state (sealed or signed, whichever mrtr-state module sits beside it), reads this round's answers through the generated mrtr-state module, and
// returns inputRequired(...) with a freshly minted state when an answer is missing.
//
// The lines marked "test instrumentation" are not codemod output: they record handler entries and
// side effects so the tests can prove what ran, and how often.
//
// ./mrtr-state.ts beside this file is the checked-in rendering of renderStateModule({ language:
// 'ts' }) (a test keeps it identical); the wire tests copy this file next to a fresh rendering.
import { McpServer, ResourceTemplate, inputRequired } from '@modelcontextprotocol/server';
import type { CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { clientCapabilities, elicitAnswer, mrtrState, rootsAnswer, samplingAnswer } from './mrtr-state.js';

export interface Recorder {
  /** Handler bodies entered, in order (`deploy`, `release-notes`, ...). */
  entered: string[];
  /** Side effects, in order (`plan:api@prod`, `deploy:api@prod@1.4.2`, ...). */
  effects: string[];
}

export function createRecorder(): Recorder {
  return { entered: [], effects: [] };
}

interface Plan {
  service: string;
  env: string;
  version: string;
}

/** The database login grant-access creates before it asks; it travels in the step state. */
export interface Login {
  user: string;
  password: string;
  database: string;
}

/** The login every grant-access call creates (test instrumentation: fixed, so tests can look for it). */
export const ISSUED_LOGIN = { user: 'svc_reporting_7f3kq', password: 'Pw-9xTq27LmZr!vK#4' } as const;

/** Test instrumentation: how the server is built. */
export interface BuildOptions {
  /** Wire mrtrState.verify as the requestState hook (default true; the codemod always does). */
  verifyHook?: boolean;
}

export function buildServer(record: Recorder, options: BuildOptions = {}): McpServer {
  // Stand-ins for the real work, each leaving a trace (test instrumentation).
  async function planDeploy(service: string, env: string): Promise<Plan> {
    record.effects.push(`plan:${service}@${env}`);
    return { service, env, version: '1.4.2' };
  }
  async function runDeploy(plan: Plan): Promise<void> {
    record.effects.push(`deploy:${plan.service}@${plan.env}@${plan.version}`);
  }
  async function createLogin(database: string): Promise<Login> {
    record.effects.push(`login:${database}`);
    return { ...ISSUED_LOGIN, database };
  }
  async function draftNotes(version: string): Promise<string> {
    record.effects.push(`draft:${version}`);
    return `Changes in ${version}: faster startup.`;
  }

  const server = new McpServer(
    { name: 'migrated-deploy', version: '1.0.0' },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      ...(options.verifyHook !== false && { requestState: { verify: mrtrState.verify } }),
    },
  );

  type DeployState = { step: 'confirm'; plan: Plan };

  server.registerTool(
    'deploy',
    { description: 'Deploys a service', inputSchema: z.object({ service: z.string(), env: z.string() }) },
    async ({ service, env }, ctx) => {
      record.entered.push('deploy'); // test instrumentation
      let state = await mrtrState.resume<DeployState>(ctx, 'deploy', { service, env });
      if (state === undefined) {
        const plan = await planDeploy(service, env);
        state = { step: 'confirm', plan };
      }
      const { plan } = state;
      const confirmRequest: ElicitRequestFormParams = {
        message: `Type ${service} to deploy ${plan.version}`,
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      };
      const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { confirm: inputRequired.elicit(confirmRequest) },
          requestState: await mrtrState.mint(ctx, 'deploy', { service, env }, state),
        });
      }
      if (answer.action !== 'accept' || answer.content?.name !== service) {
        return { resultType: 'complete', content: [{ type: 'text', text: 'Deploy cancelled' }] };
      }
      await runDeploy(plan);
      return { resultType: 'complete', content: [{ type: 'text', text: `Deployed ${plan.version}` }] };
    },
  );

  type ReleaseNotesState = { step: 'audience'; draft: string };

  server.registerPrompt(
    'release-notes',
    { description: 'Release notes for a version', argsSchema: z.object({ version: z.string() }) },
    async ({ version }, ctx) => {
      record.entered.push('release-notes'); // test instrumentation
      let state = await mrtrState.resume<ReleaseNotesState>(ctx, 'release-notes', { version });
      if (state === undefined) {
        const draft = await draftNotes(version);
        state = { step: 'audience', draft };
      }
      const { draft } = state;
      const audienceRequest: ElicitRequestFormParams = {
        message: `Who are the release notes for ${version} for?`,
        requestedSchema: {
          type: 'object',
          properties: { audience: { type: 'string', enum: ['users', 'developers'] } },
          required: ['audience'],
        },
      };
      const answer = elicitAnswer(ctx, 'audience', audienceRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { audience: inputRequired.elicit(audienceRequest) },
          requestState: await mrtrState.mint(ctx, 'release-notes', { version }, state),
        });
      }
      if (answer.action !== 'accept') {
        return {
          resultType: 'complete',
          messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${draft}` } }],
        };
      }
      return {
        resultType: 'complete',
        messages: [{ role: 'user', content: { type: 'text', text: `Write for ${answer.content?.audience}: ${draft}` } }],
      };
    },
  );

  // A second prompt with the same arguments as release-notes: a state of one must not open the other.
  type AnnounceState = { step: 'channel' };

  server.registerPrompt(
    'announce',
    { description: 'Announces a version', argsSchema: z.object({ version: z.string() }) },
    async ({ version }, ctx) => {
      record.entered.push('announce'); // test instrumentation
      let state = await mrtrState.resume<AnnounceState>(ctx, 'announce', { version });
      if (state === undefined) {
        state = { step: 'channel' };
      }
      const channelRequest: ElicitRequestFormParams = {
        message: `Where should ${version} be announced?`,
        requestedSchema: { type: 'object', properties: { channel: { type: 'string' } }, required: ['channel'] },
      };
      const answer = elicitAnswer(ctx, 'channel', channelRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { channel: inputRequired.elicit(channelRequest) },
          requestState: await mrtrState.mint(ctx, 'announce', { version }, state),
        });
      }
      record.effects.push(`announce:${version}`); // test instrumentation
      return {
        resultType: 'complete',
        messages: [{ role: 'user', content: { type: 'text', text: `Announce ${version} in ${String(answer.content?.channel)}` } }],
      };
    },
  );

  // Resources: the subject is the URI (uri.href, as McpServer hands it over), the arguments the
  // template variables.
  type ReportState = { step: 'drafts'; pages: number };

  server.registerResource(
    'report',
    new ResourceTemplate('reports://{name}', { list: undefined }),
    { description: 'A report, with or without drafts' },
    async (uri, variables, ctx) => {
      record.entered.push(`report:${uri.href}`); // test instrumentation
      let state = await mrtrState.resume<ReportState>(ctx, uri.href, variables);
      if (state === undefined) {
        record.effects.push(`count:${uri.href}`); // test instrumentation
        state = { step: 'drafts', pages: 12 };
      }
      const draftsRequest: ElicitRequestFormParams = {
        message: `Include drafts in ${uri.href}?`,
        requestedSchema: { type: 'object', properties: { drafts: { type: 'boolean' } }, required: ['drafts'] },
      };
      const answer = elicitAnswer(ctx, 'drafts', draftsRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { drafts: inputRequired.elicit(draftsRequest) },
          requestState: await mrtrState.mint(ctx, uri.href, variables, state),
        });
      }
      const drafts = answer.action === 'accept' && answer.content?.drafts === true;
      record.effects.push(`report:${uri.href}:${drafts ? 'drafts' : 'final'}`); // test instrumentation
      return {
        resultType: 'complete',
        contents: [{ uri: uri.href, text: `${state.pages} pages${drafts ? ' with drafts' : ''}` }],
      };
    },
  );

  type StatusState = { step: 'region' };

  server.registerResource('status', 'https://status.example.com/', { description: 'Service status for a region' }, async (uri, ctx) => {
    record.entered.push(`status:${uri.href}`); // test instrumentation
    let state = await mrtrState.resume<StatusState>(ctx, uri.href, {});
    if (state === undefined) {
      state = { step: 'region' };
    }
    const regionRequest: ElicitRequestFormParams = {
      message: 'Which region?',
      requestedSchema: { type: 'object', properties: { region: { type: 'string' } }, required: ['region'] },
    };
    const answer = elicitAnswer(ctx, 'region', regionRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: { region: inputRequired.elicit(regionRequest) },
        requestState: await mrtrState.mint(ctx, uri.href, {}, state),
      });
    }
    return { resultType: 'complete', contents: [{ uri: uri.href, text: `All good in ${String(answer.content?.region)}` }] };
  });

  type SummarizeState = { step: 'summary' };

  server.registerTool(
    'summarize',
    { description: 'Summarises a text with the client model', inputSchema: z.object({ text: z.string() }) },
    async ({ text }, ctx) => {
      record.entered.push('summarize'); // test instrumentation
      let state = await mrtrState.resume<SummarizeState>(ctx, 'summarize', { text });
      if (state === undefined) {
        state = { step: 'summary' };
      }
      const summaryRequest: CreateMessageRequestParams = {
        messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }],
        maxTokens: 200,
      };
      const summary = samplingAnswer(ctx, 'summary');
      if (summary === undefined) {
        return inputRequired({
          inputRequests: { summary: inputRequired.createMessage(summaryRequest) },
          requestState: await mrtrState.mint(ctx, 'summarize', { text }, state),
        });
      }
      const content = Array.isArray(summary.content) ? summary.content[0] : summary.content;
      record.effects.push('summarized'); // test instrumentation
      return {
        resultType: 'complete',
        content: [{ type: 'text', text: content?.type === 'text' ? content.text : '(no text)' }],
      };
    },
  );

  // Not codemod output in shape (v1 elicitInput took JSON schemas only): a requestedSchema given as
  // a Standard Schema (zod), which elicitAnswer validates through the SDK's acceptedContent().
  const renameSchema = z.object({ newName: z.string().min(3) });
  type RenameState = { step: 'new_name'; oldName: string };

  server.registerTool(
    'rename',
    { description: 'Renames a project', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      record.entered.push('rename'); // test instrumentation
      let state = await mrtrState.resume<RenameState>(ctx, 'rename', { project });
      if (state === undefined) {
        state = { step: 'new_name', oldName: project.toLowerCase() };
      }
      const newNameRequest = { message: `New name for ${project}?`, requestedSchema: renameSchema };
      const answer = elicitAnswer(ctx, 'new_name', newNameRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { new_name: inputRequired.elicit(newNameRequest) },
          requestState: await mrtrState.mint(ctx, 'rename', { project }, state),
        });
      }
      if (answer.action !== 'accept') {
        return { resultType: 'complete', content: [{ type: 'text', text: 'Rename cancelled' }] };
      }
      record.effects.push(`rename:${state.oldName}->${String(answer.content?.newName)}`); // test instrumentation
      return { resultType: 'complete', content: [{ type: 'text', text: `Renamed to ${String(answer.content?.newName)}` }] };
    },
  );

  type ConnectState = { step: 'authorize' };

  server.registerTool(
    'connect',
    { description: 'Connects an account in the browser', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      record.entered.push('connect'); // test instrumentation
      let state = await mrtrState.resume<ConnectState>(ctx, 'connect', { account });
      if (state === undefined) {
        state = { step: 'authorize' };
      }
      const authorizeRequest: Parameters<typeof inputRequired.elicitUrl>[0] = {
        message: `Authorize ${account}`,
        url: `https://example.com/authorize?account=${encodeURIComponent(account)}`,
      };
      const answer = elicitAnswer(ctx, 'authorize', authorizeRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { authorize: inputRequired.elicitUrl(authorizeRequest) },
          requestState: await mrtrState.mint(ctx, 'connect', { account }, state),
        });
      }
      const text = answer.action === 'accept' ? `Connected ${account}` : 'Not connected';
      return { resultType: 'complete', content: [{ type: 'text', text }] };
    },
  );

  type WorkspaceState = { step: 'roots' };

  server.registerTool('workspace', { description: 'Lists the client roots' }, async (ctx) => {
    record.entered.push('workspace'); // test instrumentation
    let state = await mrtrState.resume<WorkspaceState>(ctx, 'workspace', {});
    if (state === undefined) {
      state = { step: 'roots' };
    }
    const roots = rootsAnswer(ctx, 'roots');
    if (roots === undefined) {
      return inputRequired({
        inputRequests: { roots: inputRequired.listRoots() },
        requestState: await mrtrState.mint(ctx, 'workspace', {}, state),
      });
    }
    return { resultType: 'complete', content: [{ type: 'text', text: roots.roots.map((root) => root.uri).join('\n') }] };
  });

  // A carried value the client must not read: the login is created before the question and handed
  // over after it. The fourth argument of resume() is the optional shape check of the step state.
  type GrantState = { step: 'approve'; login: Login };

  server.registerTool(
    'grant-access',
    { description: 'Creates a database login and hands it over once approved', inputSchema: z.object({ database: z.string() }) },
    async ({ database }, ctx) => {
      record.entered.push('grant-access'); // test instrumentation
      let state = await mrtrState.resume<GrantState>(ctx, 'grant-access', { database }, (s) => s.step === 'approve' && typeof s['login'] === 'object');
      if (state === undefined) {
        const login = await createLogin(database);
        state = { step: 'approve', login };
      }
      const { login } = state;
      const approveRequest: ElicitRequestFormParams = {
        message: `Create the login ${login.user} for ${database}?`,
        requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
      };
      const answer = elicitAnswer(ctx, 'approve', approveRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: { approve: inputRequired.elicit(approveRequest) },
          requestState: await mrtrState.mint(ctx, 'grant-access', { database }, state),
        });
      }
      if (answer.action !== 'accept' || answer.content?.approve !== true) {
        return { resultType: 'complete', content: [{ type: 'text', text: 'Not granted' }] };
      }
      record.effects.push(`grant:${login.user}@${login.database}`); // test instrumentation
      return { resultType: 'complete', content: [{ type: 'text', text: `Granted ${login.user} on ${login.database}` }] };
    },
  );

  server.registerTool('capabilities', { description: 'Echoes the declared client capabilities' }, async (ctx) => {
    record.entered.push('capabilities'); // test instrumentation
    return { resultType: 'complete', content: [{ type: 'text', text: JSON.stringify(clientCapabilities(ctx) ?? null) }] };
  });

  return server;
}
