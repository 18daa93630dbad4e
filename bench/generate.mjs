// @ts-check
// The synthetic monorepo the benchmark runs on: an npm-workspaces root with N packages of ordinary
// TypeScript, MCP servers (push sites of the shapes real servers use, v2 and v1 SDK) in 1% of the
// files, and a few "near misses" (MCP client code, a chat service with `createMessage`, URLs with
// `tasks/`) that the prefilter lets through but that need no change. Deterministic: the same
// options give byte-identical trees on every machine.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * @typedef {object} GenerateOptions
 * @property {number} files       total source files
 * @property {number} packages    workspace packages
 * @property {number} mcpShare    share of files that are MCP servers (0.01)
 * @property {number} nearMissShare share of ordinary files that trip the prefilter but need no change
 * @property {number} seed
 * @property {number} [handlers] push handlers per MCP server file (default: two to four)
 */

/** @type {GenerateOptions} */
export const DEFAULTS = { files: 20_000, packages: 50, mcpShare: 0.01, nearMissShare: 0.005, seed: 7 };

/** mulberry32: a tiny seeded PRNG, so the tree is the same everywhere. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = [
  'account', 'invoice', 'order', 'customer', 'product', 'session', 'report', 'metric', 'event', 'ticket',
  'user', 'team', 'project', 'budget', 'payment', 'shipment', 'review', 'comment', 'channel', 'document',
  'schedule', 'task', 'cache', 'token', 'policy', 'region', 'cluster', 'bucket', 'record', 'profile',
  'address', 'catalog', 'inventory', 'discount', 'campaign', 'lead', 'contract', 'vendor', 'asset', 'job',
];
const VERBS = [
  'load', 'save', 'fetch', 'update', 'remove', 'compute', 'validate', 'normalize', 'render', 'parse',
  'format', 'merge', 'resolve', 'sync', 'index', 'build', 'apply', 'collect', 'filter', 'map',
];
const ADJ = ['active', 'pending', 'archived', 'primary', 'cached', 'remote', 'local', 'draft', 'stale', 'fresh'];
const DIRS = ['api', 'services', 'models', 'lib', 'utils', 'features', 'hooks', 'store', 'config', 'jobs'];

/** @param {() => number} rnd */
function picker(rnd) {
  /** @template T @param {T[]} list @returns {T} */
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  return { pick, int, cap };
}

// ---------------------------------------------------------------------------------------------
// Ordinary TypeScript

function ordinaryFile(rnd, ext) {
  const { pick, int, cap } = picker(rnd);
  const noun = pick(NOUNS);
  const Noun = cap(noun);
  const ts = ext === '.ts' || ext === '.tsx';
  const t = (s) => (ts ? s : '');
  const out = [];
  out.push(`// ${Noun} ${pick(VERBS)}ing and the helpers around it.`);
  const imports = int(2, 7);
  for (let i = 0; i < imports; i++) {
    const other = pick(NOUNS);
    const r = rnd();
    if (r < 0.5) out.push(`import { ${pick(VERBS)}${cap(other)}, ${cap(other)}Id } from '../${pick(DIRS)}/${other}.js';`);
    else if (r < 0.7) out.push(`import ${ts ? 'type ' : ''}{ ${cap(other)} } from './${other}-types.js';`);
    else if (r < 0.85) out.push(`import { readFile } from 'node:fs/promises';`);
    else out.push(`import { z } from 'zod';`);
  }
  out.push('');
  if (ts) {
    const types = int(1, 4);
    for (let i = 0; i < types; i++) {
      const name = `${cap(pick(ADJ))}${Noun}${i || ''}`;
      out.push(`export interface ${name} {`);
      const fields = int(3, 12);
      for (let f = 0; f < fields; f++) {
        out.push(`  ${pick(NOUNS)}${cap(pick(ADJ))}${f}${rnd() < 0.3 ? '?' : ''}: ${pick(['string', 'number', 'boolean', `${Noun}Id`, 'Date', 'string[]', `Record<string, number>`])};`);
      }
      out.push('}', '');
    }
    out.push(`export type ${Noun}Id = string & { readonly __brand: '${noun}' };`, '');
  }
  out.push(`const DEFAULT_${noun.toUpperCase()}_LIMIT = ${int(10, 500)};`, '');
  // A class with methods: the bulk of most service files.
  const methods = int(1, 8);
  out.push(`export class ${Noun}${pick(['Service', 'Repository', 'Store', 'Manager', 'Client'])} {`);
  out.push(`  private readonly items = new Map${t(`<string, ${Noun}Id>`)}();`);
  out.push(`  constructor(private readonly baseUrl${t(': string')}, private readonly limit = DEFAULT_${noun.toUpperCase()}_LIMIT) {}`, '');
  for (let m = 0; m < methods; m++) {
    const verb = pick(VERBS);
    const other = pick(NOUNS);
    const isAsync = rnd() < 0.6;
    out.push(`  ${isAsync ? 'async ' : ''}${verb}${cap(other)}${m}(id${t(': string')}, options${t(`: { force?: boolean; retries?: number }`)} = {})${t(isAsync ? ': Promise<number>' : ': number')} {`);
    const body = int(2, 12);
    for (let b = 0; b < body; b++) {
      const r = rnd();
      if (r < 0.25) out.push(`    const ${other}${b} = ${isAsync && rnd() < 0.5 ? 'await ' : ''}this.${pick(VERBS)}Internal(id, ${int(1, 99)});`);
      else if (r < 0.45) out.push(`    if (options.force && this.items.size > this.limit) {`, `      this.items.delete(id);`, `    }`);
      else if (r < 0.6) out.push(`    for (const [key, value] of this.items) {`, `      if (key.startsWith('${other}')) this.items.set(key, value);`, `    }`);
      else if (r < 0.75) out.push(`    // ${cap(pick(VERBS))} the ${pick(ADJ)} ${other} before the ${pick(NOUNS)} is ${pick(VERBS)}d.`);
      else if (r < 0.9) out.push(`    const url = \`\${this.baseUrl}/${other}/\${encodeURIComponent(id)}?limit=\${this.limit}\`;`);
      else out.push(`    try {`, `      this.items.set(id, id${t(` as ${Noun}Id`)});`, `    } catch (error) {`, `      throw new Error(\`cannot ${verb} ${other} \${id}: \${String(error)}\`);`, `    }`);
    }
    out.push(`    return ${int(0, 9)} + this.items.size;`, '  }', '');
  }
  out.push(`  private ${ts ? '' : ''}${pick(VERBS)}Internal(id${t(': string')}, weight${t(': number')})${t(': number')} {`);
  out.push(`    return id.length * weight;`, '  }', '}', '');
  const fns = int(1, 8);
  for (let f = 0; f < fns; f++) {
    const verb = pick(VERBS);
    const other = pick(NOUNS);
    out.push(`export function ${verb}${cap(other)}List${f}(list${t(`: readonly ${Noun}Id[]`)}, limit = ${int(5, 50)})${t(': string[]')} {`);
    out.push(`  return list`, `    .filter((item) => item.length > ${int(0, 8)})`, `    .slice(0, limit)`, `    .map((item) => item.trim().toLowerCase());`, '}', '');
  }
  if (rnd() < 0.4) {
    out.push(`export const ${noun}Config = {`);
    const keys = int(3, 15);
    for (let k = 0; k < keys; k++) out.push(`  ${pick(NOUNS)}${cap(pick(ADJ))}: ${rnd() < 0.5 ? int(0, 1000) : `'${pick(ADJ)}-${pick(NOUNS)}'`},`);
    out.push('}' + (ts ? ' as const' : '') + ';', '');
  }
  return out.join('\n');
}

function testFile(rnd) {
  const { pick, int, cap } = picker(rnd);
  const noun = pick(NOUNS);
  const out = [`import { describe, expect, it } from 'vitest';`, `import { ${pick(VERBS)}${cap(noun)} } from '../src/${noun}.js';`, ''];
  out.push(`describe('${noun}', () => {`);
  const cases = int(3, 14);
  for (let c = 0; c < cases; c++) {
    out.push(`  it('${pick(VERBS)}s a ${pick(ADJ)} ${noun} (${c})', async () => {`);
    out.push(`    const input = { id: '${noun}-${c}', count: ${int(0, 100)}, tags: ['${pick(ADJ)}', '${pick(ADJ)}'] };`);
    out.push(`    const result = await Promise.resolve({ ...input, count: input.count + 1 });`);
    out.push(`    expect(result.count).toBe(${int(1, 101)});`, `    expect(result.tags).toHaveLength(2);`, '  });', '');
  }
  out.push('});', '');
  return out.join('\n');
}

/** Ordinary code that trips the prefilter (an MCP client, a chat service, a tasks URL) but needs no change. */
function nearMissFile(rnd, variant) {
  const { pick, int, cap } = picker(rnd);
  const body = ordinaryFile(rnd, '.ts');
  const extra = [
    [
      `import { Client } from '@modelcontextprotocol/client';`,
      '',
      `export async function callRemote${cap(pick(NOUNS))}(client: Client, name: string, args: Record<string, unknown>) {`,
      `  const result = await client.callTool({ name, arguments: args });`,
      `  return result.content;`,
      '}',
    ],
    [
      `export class ChatService {`,
      `  private readonly messages: { id: number; text: string }[] = [];`,
      `  createMessage(text: string): { id: number; text: string } {`,
      `    const message = { id: this.messages.length + ${int(1, 9)}, text };`,
      `    this.messages.push(message);`,
      `    return message;`,
      '  }',
      '}',
    ],
    [
      `export async function fetchTasks(baseUrl: string, project: string): Promise<unknown> {`,
      `  const response = await fetch(\`\${baseUrl}/api/tasks/\${project}\`);`,
      `  return response.json();`,
      '}',
    ],
  ][variant % 3];
  return `${body}\n${extra.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// MCP servers: the shapes of real-world-shapes.md, in the v2 SDK (ctx.mcpReq) and the v1 SDK.

/** Each shape: a registration for a tool named after `n`, in v2 (ctx) form. */
const V2_SHAPES = [
  // straight-line confirmation with a value computed before the question
  (n) => `server.registerTool(
  'deploy-${n}',
  { description: 'Deploy after confirmation', inputSchema: z.object({ service: z.string(), env: z.string() }) },
  async ({ service, env }, ctx) => {
    const plan = await planRelease(service, env);
    const answer = await ctx.mcpReq.elicitInput({
      message: \`Type \${service} to deploy \${plan.version}\`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (answer.action !== 'accept' || answer.content?.name !== service) {
      return { content: [{ type: 'text', text: 'Deploy cancelled' }] };
    }
    await runRelease(plan);
    return { content: [{ type: 'text', text: \`Deployed \${plan.version}\` }] };
  },
);`,
  // sampling
  (n) => `server.registerTool(
  'summarize-${n}',
  { description: 'Summarize with the client model', inputSchema: z.object({ text: z.string() }) },
  async ({ text }, ctx) => {
    const summary = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: \`Summarize:\\n\${text}\` } }],
      maxTokens: 300,
    });
    const content = Array.isArray(summary.content) ? summary.content[0] : summary.content;
    return { content: [{ type: 'text', text: content?.type === 'text' ? content.text : '' }] };
  },
);`,
  // roots through a raw method string
  (n) => `server.registerTool(
  'list-workspace-${n}',
  { description: 'List the client roots', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const roots = await ctx.mcpReq.send({ method: 'roots/list' });
    return { content: [{ type: 'text', text: roots.roots.map((r) => r.uri).join('\\n') }] };
  },
);`,
  // two independent questions in one Promise.all
  (n) => `server.registerTool(
  'book-${n}',
  { description: 'Book a trip', inputSchema: z.object({ destination: z.string() }) },
  async ({ destination }, ctx) => {
    const [dates, seat] = await Promise.all([
      ctx.mcpReq.elicitInput({
        message: \`When do you travel to \${destination}?\`,
        requestedSchema: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
      }),
      ctx.mcpReq.elicitInput({
        message: 'Window or aisle?',
        requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } }, required: ['seat'] },
      }),
    ]);
    if (dates.action !== 'accept' || seat.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Booking abandoned' }] };
    }
    return { content: [{ type: 'text', text: \`Booked \${destination} on \${String(dates.content?.date)}\` }] };
  },
);`,
  // a question built from an earlier answer: two rounds
  (n) => `server.registerTool(
  'rename-${n}',
  { description: 'Rename a record', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const first = await ctx.mcpReq.elicitInput({
      message: \`New name for \${id}?\`,
      requestedSchema: { type: 'object', properties: { newName: { type: 'string' } }, required: ['newName'] },
    });
    if (first.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    const newName = String(first.content?.newName);
    const confirm = await ctx.mcpReq.elicitInput({
      message: \`Rename \${id} to \${newName}?\`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (confirm.action !== 'accept' || confirm.content?.ok !== true) return { content: [{ type: 'text', text: 'Kept' }] };
    await renameRecord(id, newName);
    return { content: [{ type: 'text', text: \`Renamed to \${newName}\` }] };
  },
);`,
  // a question per item in a loop (reported)
  (n) => `server.registerTool(
  'triage-${n}',
  { description: 'Triage items one by one', inputSchema: z.object({ items: z.array(z.string()) }) },
  async ({ items }, ctx) => {
    const kept: string[] = [];
    for (const item of items) {
      const answer = await ctx.mcpReq.elicitInput({
        message: \`Keep \${item}?\`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
      });
      if (answer.action === 'accept' && answer.content?.keep) kept.push(item);
    }
    return { content: [{ type: 'text', text: kept.join(', ') }] };
  },
);`,
  // inside a callback (reported)
  (n) => `server.registerTool(
  'label-${n}',
  { description: 'Label every file', inputSchema: z.object({ files: z.array(z.string()) }) },
  async ({ files }, ctx) => {
    const labels = await Promise.all(
      files.map(async (file) => {
        const result = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: \`Label \${file}\` } }],
          maxTokens: 20,
        });
        return result.content;
      }),
    );
    return { content: [{ type: 'text', text: JSON.stringify(labels) }] };
  },
);`,
  // .then chain (reported)
  (n) => `server.registerTool(
  'feedback-${n}',
  { description: 'Ask for feedback', inputSchema: z.object({}) },
  async (_args, ctx) => {
    return ctx.mcpReq
      .elicitInput({ message: 'How did it go?', requestedSchema: { type: 'object', properties: { rating: { type: 'number' } } } })
      .then((r) => ({ content: [{ type: 'text', text: \`rating \${String(r.content?.rating)}\` }] }))
      .catch(() => ({ content: [{ type: 'text', text: 'no rating' }] }));
  },
);`,
  // inside try/catch, capability-gated
  (n) => `server.registerTool(
  'purge-${n}',
  { description: 'Purge the cache after confirmation', inputSchema: z.object({ region: z.string() }) },
  async ({ region }, ctx) => {
    if (!server.server.getClientCapabilities()?.elicitation) {
      return { content: [{ type: 'text', text: 'Client cannot confirm' }] };
    }
    try {
      const answer = await ctx.mcpReq.elicitInput({
        message: \`Purge \${region}?\`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not purged' }] };
      await purgeRegion(region);
      return { content: [{ type: 'text', text: 'Purged' }] };
    } catch (error) {
      return { content: [{ type: 'text', text: \`Failed: \${String(error)}\` }], isError: true };
    }
  },
);`,
  // the question asked in a helper the handler calls (reported)
  (n) => `async function askBudget${n}(ctx: { mcpReq: { elicitInput: (p: unknown) => Promise<{ action: string; content?: Record<string, unknown> }> } }) {
  const r = await ctx.mcpReq.elicitInput({
    message: 'Budget?',
    requestedSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  });
  return r.action === 'accept' ? Number(r.content?.amount) : 0;
}

server.registerTool(
  'plan-${n}',
  { description: 'Plan with a budget', inputSchema: z.object({ goal: z.string() }) },
  async ({ goal }, ctx) => {
    const budget = await askBudget${n}(ctx);
    return { content: [{ type: 'text', text: \`\${goal}: \${budget}\` }] };
  },
);`,
  // a prompt that asks through the server object
  (n) => `server.registerPrompt(
  'review-${n}',
  { description: 'Review with the client model', argsSchema: z.object({ diff: z.string() }) },
  async ({ diff }) => {
    const review = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: \`Review:\\n\${diff}\` } }],
      maxTokens: 500,
    });
    const content = Array.isArray(review.content) ? review.content[0] : review.content;
    return { messages: [{ role: 'assistant', content: { type: 'text', text: content?.type === 'text' ? content.text : '' } }] };
  },
);`,
];

/** v1 SDK shapes (for the official codemod's v1→v2 and for our sdk-upgrade finding). */
const V1_SHAPES = [
  (n) => `server.tool('approve-${n}', { amount: z.number() }, async ({ amount }, extra) => {
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: \`Approve \${amount}?\`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      },
    },
    ElicitResultSchema,
  );
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Declined' }] };
  return { content: [{ type: 'text', text: \`Approved \${amount}\` }] };
});`,
  (n) => `server.tool('describe-${n}', { topic: z.string() }, async ({ topic }) => {
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: \`Describe \${topic}\` } }],
    maxTokens: 200,
  });
  return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] };
});`,
  (n) => `server.tool('roots-${n}', async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
});`,
];

function mcpServerFile(rnd, v1, handlers) {
  const { pick, int, cap } = picker(rnd);
  const out = [];
  const name = `${pick(ADJ)}-${pick(NOUNS)}`;
  if (v1) {
    out.push(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`);
    out.push(`import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';`);
  } else {
    out.push(`import { McpServer } from '@modelcontextprotocol/server';`);
  }
  out.push(`import { z } from 'zod';`, '');
  out.push(`interface Release { service: string; env: string; version: string }`, '');
  out.push(`async function planRelease(service: string, env: string): Promise<Release> {`);
  out.push(`  return { service, env, version: \`\${service}-\${env}-${int(1, 99)}\` };`, '}', '');
  out.push(`async function runRelease(release: Release): Promise<void> {`, `  console.log('release', release.version);`, '}', '');
  out.push(`async function renameRecord(id: string, name: string): Promise<void> {`, `  console.log('rename', id, name);`, '}', '');
  out.push(`async function purgeRegion(region: string): Promise<void> {`, `  console.log('purge', region);`, '}', '');
  out.push(`export const server = new McpServer({ name: '${name}', version: '1.${int(0, 9)}.0' });`, '');
  const shapes = v1 ? V1_SHAPES : V2_SHAPES;
  // Two to four different shapes per file.
  const order = shapes.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  // Two to four different shapes per file, or the number asked for (shapes repeat past their count).
  const count = handlers ?? Math.min(int(2, 4), shapes.length);
  for (let i = 0; i < count; i++) out.push(shapes[order[i % order.length]](`${i}`), '');
  // Ordinary helpers around the server, as real server files have.
  const rest = ordinaryFile(rnd, '.ts').split('\n').filter((line) => !line.startsWith('import '));
  out.push(...rest);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------

/**
 * Writes the tree to `root` (replacing it) and returns what it holds. Reuses an existing tree made
 * with the same options (a stamp file records them).
 * @param {string} root
 * @param {Partial<GenerateOptions>} [partial]
 */
export function generateMonorepo(root, partial = {}) {
  const options = { ...DEFAULTS, ...partial };
  const stamp = path.join(root, '.bench-stamp.json');
  // The generator's own text is part of the stamp: editing it regenerates the tree.
  const generator = createHash('sha256').update(readFileSync(new URL(import.meta.url))).digest('hex').slice(0, 16);
  const wanted = JSON.stringify({ ...options, generator });
  if (existsSync(stamp)) {
    try {
      const previous = JSON.parse(readFileSync(stamp, 'utf8'));
      if (JSON.stringify(previous.options) === wanted) return previous.summary;
    } catch {
      // regenerate
    }
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const rnd = prng(options.seed);
  const write = (rel, text) => {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  };
  write('package.json', JSON.stringify({ name: 'bench-monorepo', private: true, workspaces: ['packages/*'] }, null, 2) + '\n');
  write('.gitignore', 'node_modules\ndist\n*.log\n');
  write('.prettierrc', JSON.stringify({ singleQuote: true, printWidth: 120 }, null, 2) + '\n');

  const perPackage = Math.floor(options.files / options.packages);
  const mcpTotal = Math.round(options.files * options.mcpShare);
  // MCP servers live in every fifth package (server packages), as in real monorepos.
  const serverPackages = [];
  for (let p = 0; p < options.packages; p += 5) serverPackages.push(p);
  const mcpPerServerPackage = Math.ceil(mcpTotal / serverPackages.length);
  let mcpLeft = mcpTotal;
  let nearMiss = 0;
  let mcp = 0;
  let written = 0;
  let bytes = 0;
  for (let p = 0; p < options.packages; p++) {
    const pkgName = `pkg-${String(p).padStart(2, '0')}`;
    const dir = `packages/${pkgName}`;
    write(`${dir}/package.json`, JSON.stringify({ name: `@bench/${pkgName}`, version: '1.0.0', type: 'module' }, null, 2) + '\n');
    write(`${dir}/tsconfig.json`, JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext' } }, null, 2) + '\n');
    const count = p === options.packages - 1 ? options.files - written : perPackage;
    let mcpHere = serverPackages.includes(p) ? Math.min(mcpPerServerPackage, mcpLeft) : 0;
    mcpLeft -= mcpHere;
    const step = Math.max(1, Math.floor(count / (mcpHere + 1)));
    for (let f = 0; f < count; f++) {
      const sub = DIRS[f % DIRS.length];
      const group = Math.floor(f / (DIRS.length * 8));
      let rel;
      let text;
      if (mcpHere > 0 && f > 0 && f % step === 0) {
        mcpHere--;
        mcp++;
        rel = `${dir}/src/mcp/server-${f}.ts`;
        text = mcpServerFile(rnd, mcp % 3 === 0, options.handlers);
      } else if (rnd() < options.nearMissShare) {
        rel = `${dir}/src/${sub}/g${group}/client-${f}.ts`;
        text = nearMissFile(rnd, nearMiss++);
      } else if (f % 10 === 9) {
        rel = `${dir}/test/${sub}-${f}.test.ts`;
        text = testFile(rnd);
      } else {
        const ext = rnd() < 0.1 ? '.js' : rnd() < 0.05 ? '.tsx' : '.ts';
        rel = `${dir}/src/${sub}/g${group}/${pick(rnd, NOUNS)}-${f}${ext}`;
        text = ordinaryFile(rnd, ext === '.tsx' ? '.ts' : ext);
      }
      write(rel, text);
      written++;
      bytes += Buffer.byteLength(text);
    }
    // Any MCP files this package could not place go to the next server package.
    mcpLeft += mcpHere;
  }
  // Build output and dependencies the tools must skip.
  write('node_modules/some-dep/index.js', 'module.exports = { registerTool() {} };\n');
  write('packages/pkg-00/dist/index.js', 'export const server = null; // registerTool\n');
  const summary = { files: written, bytes, mcpServers: mcp, nearMisses: nearMiss, packages: options.packages };
  writeFileSync(stamp, JSON.stringify({ options: JSON.parse(wanted), summary }) + '\n');
  return summary;
}

/**
 * One large v1 server file (`@modelcontextprotocol/sdk` 1.x) of at least `lines` lines in a package
 * of its own at `root`: the v1 push shapes registered over and over, with the ordinary helpers
 * real server files carry, error codes and the stdio transport. Returns the file's path.
 * @param {string} root
 * @param {number} lines
 */
export function generateV1File(root, lines = 4000) {
  const rnd = prng(11);
  const { int } = picker(rnd);
  const out = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';`,
    `import { ElicitResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';`,
    `import { z } from 'zod';`,
    '',
    `export const server = new McpServer({ name: 'big-v1-server', version: '1.0.0' });`,
    '',
  ];
  for (let n = 0; out.length < lines; n++) {
    out.push(V1_SHAPES[n % V1_SHAPES.length](`${n}`), '');
    out.push(`server.tool('lookup-${n}', { id: z.string() }, async ({ id }) => {`,
      `  if (id.length > ${int(8, 64)}) throw new McpError(ErrorCode.InvalidParams, 'id too long');`,
      `  return { content: [{ type: 'text', text: \`found \${id}\` }] };`, '});', '');
    if (n % 4 === 3) out.push(...ordinaryFile(rnd, '.ts').split('\n').filter((line) => !line.startsWith('import ')), '');
  }
  out.push('await server.connect(new StdioServerTransport());');
  const text = out.join('\n') + '\n';
  const file = path.join(root, 'src', 'server.ts');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'big-v1-server', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.30.0', zod: '^3.25.0' } }, null, 2) + '\n');
    writeFileSync(file, text);
  }
  return file;
}

function pick(rnd, list) {
  return list[Math.floor(rnd() * list.length)];
}
