import { McpServer, type Implementation } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Migrated before `npm install` (this case's options): nothing this file imports can be found, so
// every value whose type comes from an import is left with types-unresolved, in every handler alike;
// what the file types itself is migrated.
const server = new McpServer({ name: 'release', version: '1.0.0' });

let releases = 0;
const switched: string[] = [];

async function readDiff(repo: string): Promise<unknown> {
  switched.push(`read ${repo}`);
  return `diff of ${repo}`;
}

server.registerTool(
  'release',
  { description: 'Release a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    const number: number = ++releases;
    const answer = await ctx.mcpReq.elicitInput({
      message: `Start release #${number} of ${service}?`,
      requestedSchema: { type: 'object', properties: {} },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Release #${number} of ${service} started` }] };
  },
);

server.registerTool(
  'client-version',
  { description: 'Say which client asked', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const version = server.server.getClientVersion();
    const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: `${answer.action} ${version?.name}` }] };
  },
);

server.registerTool(
  'client-version-typed',
  { description: 'Say which client asked', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const version: Implementation | undefined = server.server.getClientVersion();
    if (!version) return { content: [{ type: 'text', text: 'No client version' }] };
    const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: `${answer.action} ${version.name}` }] };
  },
);

server.registerTool(
  'start-branch',
  { description: 'Create a branch named after the uncommitted changes', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    const diff = z.string().parse(await readDiff(repo));
    if (diff.trim() === '') return { content: [{ type: 'text', text: 'Nothing changed' }] };
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
      const keep = await ctx.mcpReq.elicitInput({
        message: `${name} already exists. Import anyway?`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
      });
      if (keep.action === 'accept' && keep.content?.keep === true) imported.push(name);
    }
    return { content: [{ type: 'text', text: `Imported ${imported.length} contacts` }] };
  },
);
