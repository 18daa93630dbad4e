// Values carried across a question (issue 15). release-item reads an item from the module's
// inventory and guards it before asking: the read is recomputed on every leg, so its guard must run
// there too. book-room narrows the first answer with a guard and uses it after a second question.
// name-branch reads a large diff, asks the client's model to name a branch from it and uses only
// the answer: the request built from the diff is carried once, and a state far over the token's
// size limit still works. schedule-job parses its arguments again with a schema of literals: the
// parsed value is computed on every leg instead of travelling.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

export interface Item {
  sku: string;
  owner?: { name: string };
}

export const inventory = new Map<string, Item>();

export function resetInventory(): void {
  inventory.clear();
  inventory.set('drill', { sku: 'D-100', owner: { name: 'ada' } });
  inventory.set('ladder', { sku: 'L-7' });
}

/** The size of the diff name-branch reads, per repository (set by the scenario). */
export const diffSizes = new Map<string, number>();

async function readDiff(repo: string): Promise<string> {
  effects.push(`diff:${repo}`);
  const size = diffSizes.get(repo) ?? 200;
  return `--- a/src/app.ts\n+++ b/src/app.ts\n${'+ const retries = 3;\n'.repeat(Math.ceil(size / 20))}`.slice(0, size);
}

function promptFor(diff: string): string {
  return `Name a git branch for this change, in kebab-case:\n\n${diff}`;
}

/** The arguments of schedule-job, parsed again in the handler (a schema of literals: recomputed on every leg). */
const JobArgs = z.object({ job: z.string().min(1), at: z.enum(['now', 'tonight']).default('tonight') });

export function createServer(): McpServer {
  const server = new McpServer({ name: 'workshop', version: '1.0.0' });

  server.registerTool(
    'schedule-job',
    { description: 'Schedule a job after confirmation', inputSchema: z.object({ job: z.string(), at: z.string().optional() }) },
    async (args, ctx) => {
      const parsed = JobArgs.parse(args);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Run ${parsed.job} ${parsed.at}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: `${parsed.job} not scheduled` }] };
      effects.push(`schedule:${parsed.job}:${parsed.at}`);
      return { content: [{ type: 'text', text: `${parsed.job} runs ${parsed.at}` }] };
    },
  );

  server.registerTool(
    'release-item',
    { description: 'Release an item from its owner', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const item = inventory.get(name);
      if (!item || !item.owner) return { content: [{ type: 'text', text: `${name} is not checked out` }], isError: true };
      const answer = await ctx.mcpReq.elicitInput({
        message: `Release ${item.sku} from ${item.owner.name}?`,
        requestedSchema: { type: 'object', properties: { release: { type: 'boolean' } }, required: ['release'] },
      });
      if (answer.action !== 'accept' || answer.content?.release !== true) return { content: [{ type: 'text', text: `${item.sku} kept` }] };
      const previous = item.owner.name;
      item.owner = undefined;
      effects.push(`release:${item.sku}:${previous}`);
      return { content: [{ type: 'text', text: `Released ${item.sku} from ${previous}` }] };
    },
  );

  server.registerTool(
    'book-room',
    { description: 'Book a meeting room', inputSchema: z.object({ room: z.string() }) },
    async ({ room }, ctx) => {
      const dates = await ctx.mcpReq.elicitInput({
        message: `When do you need ${room}?`,
        requestedSchema: { type: 'object', properties: { start: { type: 'string' }, end: { type: 'string' } }, required: ['start', 'end'] },
      });
      if (dates.action !== 'accept' || !dates.content) return { content: [{ type: 'text', text: 'No booking made' }] };
      const organiser = await ctx.mcpReq.elicitInput({
        message: `Who organises the meeting in ${room}?`,
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      if (organiser.action !== 'accept') return { content: [{ type: 'text', text: 'No booking made' }] };
      effects.push(`book:${room}:${String(dates.content.start)}-${String(dates.content.end)}:${String(organiser.content?.name)}`);
      return { content: [{ type: 'text', text: `Booked ${room} from ${String(dates.content.start)}` }] };
    },
  );

  server.registerTool(
    'name-branch',
    { description: 'Name a branch after the uncommitted changes', inputSchema: z.object({ repo: z.string() }) },
    async ({ repo }, ctx) => {
      const diff = await readDiff(repo);
      let sampled;
      try {
        sampled = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: promptFor(diff) } }],
          maxTokens: 20,
        });
      } catch {
        return { content: [{ type: 'text', text: 'Sampling request failed' }], isError: true };
      }
      const block = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
      const branch = block?.type === 'text' ? block.text.trim() : 'work-in-progress';
      effects.push(`branch:${repo}:${branch}`);
      return { content: [{ type: 'text', text: `Switched to ${branch}` }] };
    },
  );

  return server;
}
