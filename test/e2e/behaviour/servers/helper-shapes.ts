// Helpers that ask in the shapes real servers write them (issue 12, shape 2); the ones in
// helper-shapes-lib.ts are exported and awaited here, the others live in this file: a module-level
// "current server" set at start-up, a question inside try behind a capability guard whose catch
// carries on, a helper taking the server or an app object instead of the request context, a
// tagged-union result asked twice in dependent rounds, I/O before the question, sampling in a try
// whose catch goes on without it, and a destructured options object with work in the branch that
// answers without asking.
import { McpServer, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askToProceed, confirmRisk, libEffects, pickOne, REGIONS, useForQuestions } from './helper-shapes-lib.js';

// The library's effects are the same list: one record of what ran, in order.
export const effects: string[] = libEffects;

// --- an app object, no declared result type, a guard that answers without asking -------------

class Vault {
  readonly secrets = new Map<string, string>([['db-password', 'hunter2'], ['api-key', 'k-1']]);

  constructor(readonly server: McpServer) {}
}

async function confirmRemoval(vault: Vault, name: string) {
  const capabilities = vault.server.server.getClientCapabilities();
  if (!capabilities?.elicitation) {
    return true;
  }
  const result = await vault.server.server.elicitInput({
    message: `Remove the secret ${name}?`,
    requestedSchema: { type: 'object', properties: { remove: { type: 'boolean' } }, required: ['remove'] },
  });
  return result.action === 'accept' && result.content?.remove === true;
}

// --- I/O before the question: the choices are looked up once per logical call ------------------

async function listBranches(repo: string): Promise<string[]> {
  effects.push(`branches:${repo}`);
  return ['main', `${repo}-dev`];
}

async function chooseBranch(ctx: ServerContext, repo: string): Promise<string | undefined> {
  const branches = await listBranches(repo);
  const answer = await ctx.mcpReq.elicitInput({
    message: `Which branch of ${repo}?`,
    requestedSchema: { type: 'object', properties: { branch: { type: 'string', enum: branches } }, required: ['branch'] },
  });
  return answer.action === 'accept' ? String(answer.content?.branch) : undefined;
}

// --- sampling through the server, in a try whose catch goes on without it --------------------

function promptFor(text: string): string {
  return `Summarise in five words: ${text}`;
}

async function summarise(server: Server, text: string): Promise<string> {
  const prompt = promptFor(text);
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: 40,
  });
  const summary = response.content.type === 'text' ? response.content.text.trim() : '';
  if (!summary) throw new Error('empty summary');
  return summary;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'helper-shapes', version: '1.0.0' });
  useForQuestions(server);
  const vault = new Vault(server);

  server.registerTool(
    'delete-record',
    { description: 'Delete a record', inputSchema: z.object({ id: z.string() }) },
    async ({ id }) => {
      const { proceed, note } = await askToProceed(`Delete record ${id}?`);
      if (!proceed) return { content: [{ type: 'text', text: `Kept ${id} (${note})` }] };
      effects.push(`delete:${id}`);
      return { content: [{ type: 'text', text: `Deleted ${id}` }] };
    },
  );

  server.registerTool(
    'deploy',
    { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) },
    async ({ service }) => {
      const environment = await pickOne(server.server, `Deploy ${service} to which environment?`, Object.keys(REGIONS));
      if (!environment.picked) return environment.result;
      const region = await pickOne(server.server, `Which region of ${environment.value}?`, REGIONS[environment.value] ?? []);
      if (!region.picked) return region.result;
      effects.push(`deploy:${service}@${environment.value}/${region.value}`);
      return { content: [{ type: 'text', text: `Deployed ${service} to ${environment.value}/${region.value}` }] };
    },
  );

  server.registerTool(
    'remove-secret',
    { description: 'Remove a secret', inputSchema: z.object({ name: z.string() }) },
    async ({ name }) => {
      if (!vault.secrets.has(name)) return { content: [{ type: 'text', text: `No secret ${name}` }], isError: true };
      const confirmed = await confirmRemoval(vault, name);
      if (!confirmed) return { content: [{ type: 'text', text: `${name} kept` }] };
      vault.secrets.delete(name);
      effects.push(`remove:${name}`);
      return { content: [{ type: 'text', text: `Removed ${name}` }] };
    },
  );

  server.registerTool(
    'start-build',
    { description: 'Start a build', inputSchema: z.object({ repo: z.string() }) },
    async ({ repo }, ctx) => {
      const branch = await chooseBranch(ctx, repo);
      if (!branch) return { content: [{ type: 'text', text: 'No build started' }] };
      effects.push(`build:${repo}@${branch}`);
      return { content: [{ type: 'text', text: `Building ${repo}@${branch}` }] };
    },
  );

  server.registerTool(
    'save-note',
    { description: 'Save a note, summarised when the model can', inputSchema: z.object({ title: z.string(), text: z.string() }) },
    async ({ title, text }) => {
      let summary = 'none';
      try {
        summary = await summarise(server.server, text);
      } catch {
        // No summary: the note is saved without one.
      }
      effects.push(`save:${title}:${summary}`);
      return { content: [{ type: 'text', text: `Saved ${title} (${summary})` }] };
    },
  );

  server.registerTool(
    'change-stack',
    { description: 'Read or change a stack', inputSchema: z.object({ stack: z.string(), write: z.boolean(), confirm: z.boolean().optional() }) },
    async ({ stack, write, confirm }) => {
      const verdict = await confirmRisk({ server, tool: 'change-stack', message: `Change ${stack}?`, risk: write ? 'write' : 'read', callerConfirmed: confirm === true });
      if (!verdict.proceed) return { content: [{ type: 'text', text: `${stack} left alone (${verdict.how})` }] };
      effects.push(`change:${stack}:${verdict.how}`);
      return { content: [{ type: 'text', text: `Changed ${stack} (${verdict.how})` }] };
    },
  );

  return server;
}
