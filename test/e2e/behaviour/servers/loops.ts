// A re-ask-until-valid loop, a question started early and awaited after other work, and a Date
// carried across a question. Side effects before, inside and after the loop record how often
// they ran: each time round the loop is one round, and nothing before the loop runs again.
import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

const PORT_PATTERN = /^\d{1,5}:\d{1,5}$/;

/** When each timed job started, as the server recorded it before its question. */
const started = new Map<string, string>();

async function inspectImage(image: string): Promise<void> {
  effects.push(`inspect:${image}`);
}

async function startContainer(image: string, ports: string): Promise<string> {
  effects.push(`start:${image}:${ports}`);
  return `c-${image}`;
}

interface Release {
  version: string;
  packages: { name: string }[];
}

async function loadRelease(version: string): Promise<Release> {
  effects.push(`load-release:${version}`);
  return { version, packages: [{ name: 'core' }, { name: 'cli' }] };
}

async function sendPage(service: string): Promise<string> {
  effects.push(`page:${service}`);
  return `oncall-${service}`;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'loops', version: '1.0.0' });

  server.registerTool(
    'run-container',
    { description: 'Run a container; asks for a port mapping until it is valid', inputSchema: z.object({ image: z.string() }) },
    async ({ image }, ctx) => {
      await inspectImage(image);
      let mapping: string | undefined;
      let hint = '';
      while (!mapping) {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Port mapping for ${image} as host:container${hint}`,
          requestedSchema: { type: 'object', properties: { ports: { type: 'string' } }, required: ['ports'] },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Container not started' }] };
        const ports = String(answer.content?.ports ?? '');
        if (PORT_PATTERN.test(ports)) mapping = ports;
        else {
          effects.push(`rejected:${ports}`);
          hint = ` ("${ports}" is not valid)`;
        }
      }
      const id = await startContainer(image, mapping);
      return { content: [{ type: 'text', text: `Started ${id} on ${mapping}` }] };
    },
  );

  server.registerTool(
    'page-oncall',
    { description: 'Page the on-call engineer, asking for an escalation contact', inputSchema: z.object({ service: z.string() }) },
    async ({ service }, ctx) => {
      const fallback: Promise<ElicitResult> = ctx.mcpReq.elicitInput({
        message: `Who should be paged next for ${service}?`,
        requestedSchema: { type: 'object', properties: { email: { type: 'string' } } },
      });
      const oncall = await sendPage(service);
      const next = await fallback;
      const escalation = next.action === 'accept' && next.content?.email ? String(next.content.email) : 'the service owner';
      return { content: [{ type: 'text', text: `Paged ${oncall}; escalation goes to ${escalation}` }] };
    },
  );

  server.registerTool(
    'timed-job',
    { description: 'Run a job, asking for its size; reports whether the start time survived', inputSchema: z.object({ job: z.string() }) },
    async ({ job }, ctx) => {
      const startedAt = new Date();
      started.set(job, startedAt.toISOString());
      effects.push(`started:${job}`);
      const size = await ctx.mcpReq.elicitInput({
        message: `Size of ${job}?`,
        requestedSchema: { type: 'object', properties: { size: { type: 'number' } }, required: ['size'] },
      });
      if (size.action !== 'accept') return { content: [{ type: 'text', text: `${job} not run` }] };
      const exact = started.get(job) === startedAt.toISOString() && startedAt.getTime() <= Date.now();
      return { content: [{ type: 'text', text: `${job} (${Number(size.content?.size)}) started ${exact ? 'at the recorded instant' : 'at another time'}` }] };
    },
  );

  server.registerTool(
    'import-contacts',
    { description: 'Import contacts, asking about each one', inputSchema: z.object({ names: z.array(z.string()) }) },
    async ({ names }, ctx) => {
      await inspectImage('contacts');
      const imported: string[] = [];
      for (const name of names) {
        const keep = await ctx.mcpReq.elicitInput({
          message: `${name} already exists. Import anyway?`,
          requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
        });
        if (keep.action === 'accept' && keep.content?.keep === true) imported.push(name);
      }
      effects.push(`import:${imported.join('+')}`);
      return { content: [{ type: 'text', text: `Imported ${imported.length}: ${imported.join(', ')}` }] };
    },
  );

  // Per-item questions over a property of a loaded value; the item is read by its question only.
  server.registerTool(
    'approve-packages',
    { description: 'Approve each package of a release', inputSchema: z.object({ version: z.string() }) },
    async ({ version }, ctx) => {
      const release = await loadRelease(version);
      let approved = 0;
      for (const pkg of release.packages) {
        const ok = await ctx.mcpReq.elicitInput({
          message: `Publish ${pkg.name} ${release.version}?`,
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        });
        if (ok.action === 'accept' && ok.content?.ok === true) approved++;
      }
      effects.push(`approved:${approved}`);
      return { content: [{ type: 'text', text: `${approved} of ${release.packages.length} approved` }] };
    },
  );

  server.registerTool(
    'digest-pages',
    { description: 'One line per page, written by the model', inputSchema: z.object({ pageIds: z.array(z.string()) }) },
    async ({ pageIds }, ctx) => {
      const pages = await Promise.all(pageIds.map(async (id) => {
        effects.push(`load:${id}`);
        return { id, title: `Page ${id}` };
      }));
      const digests = await Promise.all(
        pages.map(async (page) => {
          const result = await ctx.mcpReq.requestSampling({
            messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${page.title}` } }],
            maxTokens: 50,
          });
          const block = Array.isArray(result.content) ? result.content[0] : result.content;
          effects.push(`digest:${page.id}`);
          return `${page.title}: ${block?.type === 'text' ? block.text : ''}`;
        }),
      );
      return { content: [{ type: 'text', text: digests.join(' | ') }] };
    },
  );

  return server;
}
