// A small MCP server written in the 2025 push style: its handlers ask the client mid-function.
// It compiles against @modelcontextprotocol/server 2.x, but every push call below throws when a
// request is served on protocol revision 2026-07-28. `mcp-mrtr-migrate` rewrites it.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Side effects the tests observe: each must happen exactly once per logical call. */
export const effects: string[] = [];

interface Plan {
  service: string;
  env: string;
  version: string;
}

async function planDeploy(service: string, env: string): Promise<Plan> {
  effects.push(`plan:${service}:${env}`);
  return { service, env, version: `${service}-v${effects.length}` };
}

async function runDeploy(plan: Plan): Promise<void> {
  effects.push(`deploy:${plan.version}`);
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'example-deployer', version: '1.0.0' });

  // Confirmation before a destructive action; the plan is computed once, before the question.
  server.registerTool(
    'deploy',
    {
      description: 'Deploy a service after the user confirms',
      inputSchema: z.object({ service: z.string(), env: z.string() }),
    },
    async ({ service, env }, ctx) => {
      const plan = await planDeploy(service, env);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Type ${service} to deploy ${plan.version} to ${env}`,
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', description: 'The service name' } },
          required: ['name'],
        },
      });
      if (answer.action !== 'accept' || answer.content?.name !== service) {
        return { content: [{ type: 'text', text: `Deploy of ${plan.version} cancelled (${answer.action})` }] };
      }
      await runDeploy(plan);
      return { content: [{ type: 'text', text: `Deployed ${plan.version}` }] };
    },
  );

  // Sampling: the client's model writes the summary.
  server.registerTool(
    'summarize',
    {
      description: 'Summarize a text with the client model',
      inputSchema: z.object({ text: z.string() }),
    },
    async ({ text }, ctx) => {
      const response = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one line:\n${text}` } }],
        maxTokens: 200,
      });
      const block = Array.isArray(response.content) ? response.content[0] : response.content;
      const summary = block?.type === 'text' ? block.text : '(no text)';
      return { content: [{ type: 'text', text: `Summary: ${summary}` }] };
    },
  );

  // Roots: which folders may the server look at?
  server.registerTool(
    'list-workspaces',
    { description: 'List the folders the client shares' },
    async (ctx) => {
      const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
      const names = roots.map((root) => root.name ?? root.uri);
      return { content: [{ type: 'text', text: names.length ? names.join('\n') : 'No roots shared' }] };
    },
  );

  // Two independent questions asked back to back: one round after migration.
  server.registerTool(
    'create-account',
    {
      description: 'Create an account',
      inputSchema: z.object({ team: z.string() }),
    },
    async ({ team }, ctx) => {
      const userName = await ctx.mcpReq.elicitInput({
        message: 'Your user name',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
      });
      const notify = await ctx.mcpReq.elicitInput({
        message: 'Send a welcome mail?',
        requestedSchema: { type: 'object', properties: { mail: { type: 'boolean' } }, required: ['mail'] },
      });
      if (userName.action !== 'accept') {
        return { content: [{ type: 'text', text: 'No account created' }] };
      }
      effects.push(`account:${team}:${String(userName.content?.name)}`);
      const mail = notify.action === 'accept' && notify.content?.mail === true;
      return { content: [{ type: 'text', text: `Created ${String(userName.content?.name)} in ${team}${mail ? ', mail sent' : ''}` }] };
    },
  );

  // A prompt whose text depends on the user's answer.
  server.registerPrompt(
    'review',
    {
      description: 'Review code in a chosen style',
      argsSchema: z.object({ file: z.string() }),
    },
    async ({ file }, ctx) => {
      const style = await ctx.mcpReq.elicitInput({
        message: `How strict should the review of ${file} be?`,
        requestedSchema: {
          type: 'object',
          properties: { level: { type: 'string', enum: ['gentle', 'strict'] } },
          required: ['level'],
        },
      });
      const level = style.action === 'accept' ? String(style.content?.level) : 'gentle';
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Review ${file} in a ${level} way.` } }],
      };
    },
  );

  return server;
}
