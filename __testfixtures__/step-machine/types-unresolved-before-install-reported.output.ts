import { McpServer, type Implementation, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

// Migrated before `npm install` (this case's options): nothing this file imports can be found, so
// every value whose type comes from an import is left with types-unresolved, in every handler alike;
// what the file types itself is migrated.
const server = new McpServer({ name: 'release', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

let releases = 0;
const switched: string[] = [];

async function readDiff(repo: string): Promise<unknown> {
  switched.push(`read ${repo}`);
  return `diff of ${repo}`;
}

type ReleaseState = { step: 'confirm'; number: number };
server.registerTool(
  'release',
  { description: 'Release a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    let state = await mrtrState.resume<ReleaseState>(ctx, 'release', { service });
    if (state === undefined) {
      const number: number = ++releases;
      state = { step: 'confirm', number };
    }
    const { number } = state;
    const confirmRequest: ElicitRequestFormParams = {
      message: `Start release #${number} of ${service}?`,
      requestedSchema: { type: 'object', properties: {} },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'release', { service }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Release #${number} of ${service} started` }] };
  },
);

server.registerTool(
  'client-version',
  { description: 'Say which client asked', inputSchema: z.object({}) },
  async (_args, ctx) => {
    // @mcp-mrtr-migrate types-unresolved: version in tool handler 'client-version' must be written into the step machine with its type, but its type is any here: this file imports '@modelcontextprotocol/server', 'zod', which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to), so that type would be a guess
    const version = server.server.getClientVersion();
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler client-version left as it was: the type of version cannot be known before the dependencies are installed
    const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: `${answer.action} ${version?.name}` }] };
  },
);

server.registerTool(
  'client-version-typed',
  { description: 'Say which client asked', inputSchema: z.object({}) },
  async (_args, ctx) => {
    // @mcp-mrtr-migrate types-unresolved: version in tool handler 'client-version-typed' must be written into the step machine with its type, but it is annotated as a union (Implementation | undefined) that its initializer, any here, may narrow: this file imports '@modelcontextprotocol/server', 'zod', which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to), so that type would be a guess
    const version: Implementation | undefined = server.server.getClientVersion();
    if (!version) return { content: [{ type: 'text', text: 'No client version' }] };
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler client-version-typed left as it was: the type of version cannot be known before the dependencies are installed
    const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: `${answer.action} ${version.name}` }] };
  },
);

server.registerTool(
  'start-branch',
  { description: 'Create a branch named after the uncommitted changes', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    // @mcp-mrtr-migrate types-unresolved: diff in tool handler 'start-branch' must be written into the step machine with its type, but its type is any here: this file imports '@modelcontextprotocol/server', 'zod', which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to), so that type would be a guess
    const diff = z.string().parse(await readDiff(repo));
    if (diff.trim() === '') return { content: [{ type: 'text', text: 'Nothing changed' }] };
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.requestSampling in tool handler start-branch left as it was: the type of diff cannot be known before the dependencies are installed
    const sampled = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Name a branch for:\n${diff}` } }],
      maxTokens: 20,
    });
    const block = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
    const name = block?.type === 'text' ? block.text.trim() : 'work-in-progress';
    switched.push(`${repo}: ${name}`);
    return { content: [{ type: 'text', text: `Switched to ${name}` }] };
  },
);

server.registerTool(
  'import-contacts',
  { description: 'Import contacts, asking about duplicates', inputSchema: z.object({ names: z.array(z.string()) }) },
  async ({ names }, ctx) => {
    const imported: string[] = [];
    for (const name of names) {
      // @mcp-mrtr-migrate types-unresolved: ctx.mcpReq.elicitInput in tool handler 'import-contacts': the question is made once per item of names (whose type is any here), which must be an array; this file imports '@modelcontextprotocol/server', 'zod', which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to)
      const keep = await ctx.mcpReq.elicitInput({
        message: `${name} already exists. Import anyway?`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
      });
      if (keep.action === 'accept' && keep.content?.keep === true) imported.push(name);
    }
    return { content: [{ type: 'text', text: `Imported ${imported.length} contacts` }] };
  },
);
