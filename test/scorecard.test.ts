// The real-world scorecard's classification (bench/real-world/lib/grade.mjs) on a tiny synthetic
// repository written here: the benchmark itself needs mirrors, its grading logic does not.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module of the benchmark, no type declarations
import { gradeRepository, tally } from '../bench/real-world/lib/grade.mjs';

const RULES = new Set(['push-request', 'push-in-helper', 'push-outside-request']);

const handlerFile = [
  "server.registerTool('a', {}, async (args, ctx) => {",
  "  const answer = await ctx.mcpReq.elicitInput({ message: 'a?', requestedSchema: S });",
  '  return { content: [] };',
  '});',
  "server.registerTool('b', {}, async (args, ctx) => {",
  "  const answer = await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 5 });",
  '  return { content: [] };',
  '});',
  "server.registerTool('c', {}, async (args, ctx) => {",
  '  const roots = await ctx.mcpReq.listRoots();',
  '  return { content: [] };',
  '});',
  '',
].join('\n');

/** Tool 'a' migrated, 'b' left and reported, 'c' left silently. */
const handlerOutput = [
  "server.registerTool('a', {}, async (args, ctx) => {",
  "  return inputRequired({ inputRequests: { answer: inputRequired.elicit({ message: 'a?', requestedSchema: S }) } });",
  '});',
  "server.registerTool('b', {}, async (args, ctx) => {",
  '  // @mcp-mrtr-migrate push-request: left as it was',
  "  const answer = await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 5 });",
  '  return { content: [] };',
  '});',
  "server.registerTool('c', {}, async (args, ctx) => {",
  '  const roots = await ctx.mcpReq.listRoots();',
  '  return { content: [] };',
  '});',
  '',
].join('\n');

const site = (line: number, api: string, outcome: string, extra: Record<string, unknown> = {}) => ({
  path: 'src/tools.ts', line, api, outcome, category: 'handler', shape: 'inline-callback', reachedFrom: '', why: '', ...extra,
});

function grade(manifest: object, originals: Record<string, string>, outputs: Record<string, string>, findings: object[] = [], errors: object[] = []) {
  return gradeRepository({
    manifest,
    originals: new Map(Object.entries(originals)),
    outputs: new Map(Object.entries(outputs)),
    report: { findings, errors },
    ruleIds: RULES,
  });
}

describe('scorecard grading', () => {
  it('tells migrated, reported (accurate and wrong cause) and silent sites apart', () => {
    const manifest = {
      sites: [
        site(2, 'ctx.mcpReq.elicitInput', 'migrate'),
        site(6, 'ctx.mcpReq.requestSampling', 'migrate', { expectedRules: ['push-request'] }),
        site(10, 'ctx.mcpReq.listRoots', 'migrate'),
      ],
    };
    const findings = [{ rule: 'push-request', severity: 'warning', path: 'src/tools.ts', line: 6, message: 'left as it was' }];
    const result = grade(manifest, { 'src/tools.ts': handlerFile }, { 'src/tools.ts': handlerOutput }, findings);
    expect(result.graded.map((g: { result: string }) => g.result)).toEqual(['migrated', 'reported-accurate', 'silent']);
    expect(tally(result.graded)).toMatchObject({ sites: 3, migrateOutcome: 3, migratedOfMigrateOutcome: 1, silent: 1 });
    expect(result.problems).toEqual([]);
    expect(result.unlisted).toEqual([]);

    const wrong = grade(manifest, { 'src/tools.ts': handlerFile }, { 'src/tools.ts': handlerOutput }, [{ ...findings[0], rule: 'push-outside-request' }]);
    expect(wrong.graded[1].result).toBe('reported-wrong-cause');
  });

  it('counts sites held on v1 by their authors\' code apart, and flags a hold the tool got past', () => {
    const hold = 'the package imports a library built on the v1 SDK';
    const manifest = {
      sites: [
        site(2, 'ctx.mcpReq.elicitInput', 'migrate', { heldOnV1: hold }),
        site(6, 'ctx.mcpReq.requestSampling', 'migrate', { heldOnV1: hold }),
        site(10, 'ctx.mcpReq.listRoots', 'migrate'),
      ],
    };
    const findings = [{ rule: 'push-request', severity: 'warning', path: 'src/tools.ts', line: 6, message: 'the file stays on the v1 SDK' }];
    const result = grade(manifest, { 'src/tools.ts': handlerFile }, { 'src/tools.ts': handlerOutput }, findings);
    // 'a' was migrated after all: it no longer counts as held, and its hold is listed to be checked.
    expect(tally(result.graded)).toMatchObject({ migrateOutcome: 3, migratedOfMigrateOutcome: 1, heldOnV1: 1 });
    expect(result.problems).toEqual(['src/tools.ts:2 ctx.mcpReq.elicitInput: migrated, yet the manifest says it is held on v1 (heldOnV1): check the hold']);
  });

  it('counts a rule the manifest names but the tool lacks as a wrong cause, and lists it', () => {
    const manifest = { sites: [site(6, 'ctx.mcpReq.requestSampling', 'report', { category: 'framework', expectedRules: ['framework-asking-api'] })] };
    const findings = [{ rule: 'push-in-helper', severity: 'warning', path: 'src/tools.ts', line: 6, message: 'x' }];
    const result = grade(manifest, { 'src/tools.ts': handlerFile }, { 'src/tools.ts': handlerFile }, findings);
    expect(result.graded[0].result).toBe('reported-wrong-cause');
    expect(result.missingRules).toEqual(['framework-asking-api']);
    // The other push calls of the file are not in the manifest.
    expect(result.unlisted).toEqual(['src/tools.ts:2 ctx.mcpReq.elicitInput', 'src/tools.ts:10 ctx.mcpReq.listRoots']);
  });

  it('grades by request kind, so a call renamed by the v1→v2 upgrade still counts as left', () => {
    const v1 = "server.tool('x', async (args, extra) => {\n  const r = await extra.sendRequest({ method: 'elicitation/create', params: P }, ElicitResultSchema);\n  return { content: [] };\n});\n";
    const upgraded = "server.registerTool('x', {}, async (args, ctx) => {\n  const r = await ctx.mcpReq.send({ method: 'elicitation/create', params: P });\n  return { content: [] };\n});\n";
    const manifest = { sites: [{ ...site(2, 'extra.sendRequest(elicitation/create)', 'migrate'), path: 'src/x.ts' }] };
    const result = grade(manifest, { 'src/x.ts': v1 }, { 'src/x.ts': upgraded });
    expect(result.graded[0].result).toBe('silent');
  });

  it('counts a kept exported helper as migrated once no call of it is left, and a site migrated without input request as a problem', () => {
    const helper = 'export async function confirm(server, q) {\n  const r = await server.elicitInput({ message: q, requestedSchema: S });\n  return r.action === "accept";\n}\n';
    const caller = "import { confirm } from './helper.js';\nserver.registerTool('d', {}, async (args, ctx) => {\n  if (!(await confirm(server, 'sure?'))) return { content: [] };\n  return { content: [] };\n});\n";
    const callerOut = "import { confirmParams, confirmOutcome } from './helper.js';\nserver.registerTool('d', {}, async (args, ctx) => {\n  return inputRequired({ inputRequests: { ok: inputRequired.elicit(confirmParams('sure?')) } });\n});\n";
    const manifest = { sites: [{ ...site(2, 'server.elicitInput', 'migrate'), path: 'src/helper.ts', category: 'helper', shape: 'exported-helper' }] };
    const findings = [{ rule: 'push-in-helper', severity: 'warning', path: 'src/helper.ts', line: 2, message: 'It stays because it is exported' }];
    const lifted = grade(manifest, { 'src/helper.ts': helper, 'src/caller.ts': caller }, { 'src/helper.ts': helper, 'src/caller.ts': callerOut }, findings);
    expect(lifted.graded[0].result).toBe('migrated');
    expect(lifted.noBuilder).toEqual([]);

    const notLifted = grade(manifest, { 'src/helper.ts': helper, 'src/caller.ts': caller }, { 'src/helper.ts': helper, 'src/caller.ts': caller }, findings);
    expect(notLifted.graded[0].result).toBe('reported-accurate');

    const deleted = grade(manifest, { 'src/helper.ts': helper, 'src/caller.ts': caller }, { 'src/helper.ts': 'export {}\n', 'src/caller.ts': caller });
    expect(deleted.graded[0].result).toBe('migrated');
    expect(deleted.noBuilder).toEqual(['1 elicit site(s) migrated but only 0 inputRequired.elicit request(s) written']);
  });

  it('finds half-migrated handlers, file errors, leave-outcome sites and findings on non-sites', () => {
    const half = "server.registerTool('e', {}, async (args, ctx) => {\n  if (!x) return inputRequired({ inputRequests: {} });\n  const r = await ctx.mcpReq.listRoots();\n  return { content: [] };\n});\n";
    const manifest = {
      sites: [{ ...site(2, 'ctx.mcpReq.listRoots', 'leave', { expectedRules: ['legacy-era-branch'] }), path: 'src/e.ts' }],
      notSites: [{ path: 'src/e.ts', line: 1, api: 'ctx.mcpReq.listRoots [value]', why: 'typeof check' }],
    };
    const original = "if (typeof ctx.mcpReq.listRoots === 'function') {}\nconst r = await ctx.mcpReq.listRoots();\n";
    const left = grade(manifest, { 'src/e.ts': original }, { 'src/e.ts': original }, [{ rule: 'push-outside-request', severity: 'warning', path: 'src/e.ts', line: 1, message: 'm' }]);
    expect(left.graded[0].result).toBe('left');
    expect(left.onNotSites).toEqual(['src/e.ts:1 push-outside-request: m']);

    const broken = grade(manifest, { 'src/e.ts': original }, { 'src/e.ts': original }, [], [{ path: 'src/e.ts', message: 'syntax error' }]);
    expect(broken.graded[0]).toMatchObject({ result: 'reported-wrong-cause', rules: ['(file error)'] });

    const halves = grade({ sites: [] }, { 'src/h.ts': 'const a = 1;\n' }, { 'src/h.ts': half });
    expect(halves.half).toEqual(['src/h.ts: ctx.mcpReq.listRoots (output line 3)']);
  });
});
