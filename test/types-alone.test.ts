// The carried values' types come from a program of the file alone when the file spells them out
// (src/step-machine/plan/types-alone.ts), and from the view with the file's dependencies otherwise. The
// exact outputs are the fixtures' (and bench/identical.mjs compares whole outcomes with a build
// without this path); here: which view a handler is typed with, so both paths stay exercised.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/engine.js';
import { aloneViewProject, jsonSafety, typeText, typedViewCounts } from '../src/analysis/carried-types.js';
import { STANDARD_TYPES, trimmedStandardLibrary } from '../src/analysis/standard-library.js';
import { transform } from '../transforms/step-machine.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function views(file: string, body: string, head = ''): { alone: number; full: number; output?: string } {
  const before = { ...typedViewCounts };
  const text = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
${head}
interface Plan { service: string; version: string }
async function planDeploy(service: string): Promise<Plan> {
  return { service, version: service + '-1' };
}
async function runDeploy(plan: Plan): Promise<void> {}
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('deploy', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
${body}
});
`;
  const absPath = path.join(root, 'test', 'tmp', file);
  const result = transformSource({ absPath, text, transforms: [transform], options: { stateModulePath: path.join(root, 'test', 'tmp', 'mrtr-state.ts') } });
  return { alone: typedViewCounts.alone - before.alone, full: typedViewCounts.full - before.full, output: result.output };
}

const ask = `  const answer = await ctx.mcpReq.elicitInput({ message: 'Deploy ' + plan.version + '?', requestedSchema: { type: 'object', properties: {} } });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'no' }] };`;

describe('typing carried values with the file alone', () => {
  it('types a value the file spells out (an awaited function of the file with a declared type) without the dependencies', () => {
    const r = views('alone.ts', `  const plan = await planDeploy(service);\n${ask}\n  await runDeploy(plan);\n  return { content: [{ type: 'text', text: \`\${plan.version}\` }] };`);
    expect(r).toMatchObject({ alone: 1, full: 0 });
    expect(r.output).toContain("type DeployState = { step: 'confirm'; plan: Plan };");
  });

  it('uses the view with the dependencies for a value whose type comes from an import', () => {
    const r = views('import.ts', `  const plan = await loadPlan(service);\n${ask}\n  return { content: [{ type: 'text', text: plan.version }] };`, `import { loadPlan } from './plans.js';`);
    expect(r.full).toBe(1);
  });

  it('uses the view with the dependencies for a value a condition may narrow', () => {
    const r = views('narrowed.ts', `  const plan = await planDeploy(service);\n  if (plan.version === LATEST) return { content: [] };\n${ask}\n  return { content: [{ type: 'text', text: plan.version }] };`, `import { LATEST } from './versions.js';`);
    expect(r.full).toBe(1);
  });

  it('uses the view with the dependencies for a union its initializer narrows, when the initializer comes from an import', () => {
    const r = views('union.ts', `  const plan: Plan | undefined = await loadPlan(service);\n${ask}\n  return { content: [{ type: 'text', text: \`\${plan}\` }] };`, `import { loadPlan } from './plans.js';`);
    expect(r.full).toBe(1);
  });

  it('builds no view alone in a file where syntax shows one handler needs the full view (an answer carried across a later question): that view types every handler, alike', () => {
    const before = { ...typedViewCounts };
    const text = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
interface Plan { service: string; version: string }
async function planDeploy(service: string): Promise<Plan> {
  return { service, version: service + '-1' };
}
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('deploy', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  const plan = await planDeploy(service);
${ask}
  return { content: [{ type: 'text', text: plan.version }] };
});
server.registerTool('rollback', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  const first = await ctx.mcpReq.elicitInput({ message: 'Roll back ' + service + '?', requestedSchema: { type: 'object', properties: {} } });
  const second = await ctx.mcpReq.elicitInput({ message: 'Really ' + first.action + '?', requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: first.action + second.action }] };
});
`;
    const absPath = path.join(root, 'test', 'tmp', 'mixed.ts');
    const result = transformSource({ absPath, text, transforms: [transform], options: { stateModulePath: path.join(root, 'test', 'tmp', 'mrtr-state.ts') } });
    expect({ alone: typedViewCounts.alone - before.alone, full: typedViewCounts.full - before.full }).toEqual({ alone: 0, full: 1 });
    // The handler the view alone would have typed gets the same state type from the full view.
    expect(result.output).toContain("type DeployState = { step: 'confirm'; plan: Plan };");
  });

  it('uses the view with the dependencies in JavaScript, where JSDoc may type what syntax does not show', () => {
    const r = views('script.js', `  const plan = await planDeploy(service);\n${ask}\n  return { content: [{ type: 'text', text: plan.version }] };`);
    expect(r.full).toBe(1);
  });
});

describe('the standard library of the view alone', () => {
  // Every standard type a spelled-out type may name, in the shapes carried values take, and types
  // built on them: the trimmed library must answer exactly as the whole ES5 library does.
  const sample = `
interface Plan { service: string; version: string; tags: string[]; limits: Record<string, number> }
interface Listed extends Array<Plan> { total: number }
interface WithMethod { name: string; describe(): string }
type Mode = 'fast' | 'safe';
interface Settings { mode: Mode; retries?: number; owner: Partial<Plan>; picked: Pick<Plan, 'service'>; rest: Omit<Plan, 'tags'> }
export const plan: Plan = { service: 's', version: '1', tags: [], limits: {} };
export const plans: ReadonlyArray<Plan> = [];
export const listed: Listed = Object.assign([], { total: 0 });
export const method: WithMethod = { name: 'n', describe: () => 'n' };
export const settings: Readonly<Settings> = { mode: 'fast', owner: {}, picked: { service: 's' }, rest: { service: 's', version: '1', limits: {} } };
export const required: Required<Settings> = {} as Required<Settings>;
export const pending: Promise<Plan> = Promise.resolve(plan);
export const mode: Exclude<Mode, 'safe'> = 'fast';
export const kept: Extract<Mode | number, string> = 'safe';
export const present: NonNullable<Plan | undefined> = plan;
export const pair: [Plan, number] = [plan, 1];
export const text = \`v\${plan.version}\`;
export const count = 3;
export const flags: boolean[] = [];
export async function loaded(): Promise<Plan[]> { return []; }
export const awaited = await loaded();
`;

  function answers(library: string | undefined): string[] {
    const project = aloneViewProject(library);
    const file = project.createSourceFile('/project/src/sample.ts', sample);
    return file.getVariableDeclarations().map((d) => {
      const type = d.getType();
      return `${d.getName()}: ${typeText(type, file)} ${JSON.stringify(jsonSafety(type))} union=${type.isUnion()}`;
    });
  }

  it('keeps every standard type and the globals the checker reads, and checks without errors', () => {
    const library = trimmedStandardLibrary(STANDARD_TYPES);
    expect(library).toBeDefined();
    const project = aloneViewProject(library);
    expect(project.getPreEmitDiagnostics().map((d) => d.getMessageText())).toEqual([]);
    const declared = new Set(project.getSourceFiles()[0]!.getStatements().map((s) => (s as { getName?: () => string }).getName?.()));
    for (const name of [...STANDARD_TYPES, 'Object', 'Function', 'String', 'Number', 'Boolean', 'RegExp', 'IArguments', 'PromiseLike', 'Awaited']) {
      expect(declared, name).toContain(name);
    }
    // What no spelled-out type may name is gone (the typed arrays, Intl's formatters, JSON, Math).
    for (const name of ['Uint8Array', 'JSON', 'Math', 'ArrayBuffer']) expect(declared, name).not.toContain(name);
  });

  it('gives the same types and JSON answers as the whole ES5 library', () => {
    const trimmed = answers(trimmedStandardLibrary(STANDARD_TYPES));
    expect(trimmed).toEqual(answers(undefined));
    // The sample reaches both answers: safe values and an array subtype with methods.
    expect(trimmed.find((a) => a.startsWith('listed:'))).toContain('"safe":false');
    expect(trimmed.find((a) => a.startsWith('plan:'))).toContain('"safe":true');
  });
});
