// The carried values' types come from a program of the file alone when the file spells them out
// (src/step-machine/types-alone.ts), and from the view with the file's dependencies otherwise. The
// exact outputs are the fixtures' (and bench/identical.mjs compares whole outcomes with a build
// without this path); here: which view a handler is typed with, so both paths stay exercised.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/engine.js';
import { typedViewCounts } from '../src/step-machine/carried-types.js';
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

  it('uses the view with the dependencies in JavaScript, where JSDoc may type what syntax does not show', () => {
    const r = views('script.js', `  const plan = await planDeploy(service);\n${ask}\n  return { content: [{ type: 'text', text: plan.version }] };`);
    expect(r.full).toBe(1);
  });
});
