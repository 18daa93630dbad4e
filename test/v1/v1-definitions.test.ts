// A v1 server whose tools are definition objects (issue 12, shape 1, on v1): the handler asks with
// `extra.sendRequest({ method: 'elicitation/create' }, ElicitResultSchema)`, its `extra` typed in
// another module (types.ts), and a low-level tools/call dispatcher in a third (server.ts) hands it
// the context. The CLI runs on the whole package as a user would (cross-file mode): the upgrade
// moves the definition's context to v2 with its module's type, and the step machine migrates it
// through the dispatcher. Before, the upgrade left `extra.sendRequest` on v2's context: the output
// did not compile and every call threw, with exit 0.
//
// The v1 SDK's behaviour is the tree after the upgrade alone (the v2 surface, still push-style),
// served to a 2025-era client; the migrated tree must answer the same on the
// 2026-07-28 wire and to a 2025-era client, with the same side effects.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, normalizeAsked, normalizeResult, runLegacy, runMigrated2025, runMigrated2026, tool, type LogicalCall, type Script, type ServerModule } from '../e2e/harness.js';
import { runCli, type CliRun } from '../helpers/cli-run.js';
import { migrateTree, type TreeResult } from './migrate-tree.js';
import { strictProject } from '../helpers/strict-project.js';

process.env['MCP_REQUEST_STATE_KEY'] = 'v1-definitions-e2e-only-request-state-key-0123456789';
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const treeDir = path.join(root, 'test', 'v1', '__testfixtures__', 'definitions-tree');
const runDir = path.join(root, 'test', 'tmp', `v1-definitions-${process.pid}`);
const migratedDir = path.join(runDir, 'migrated');
const upgradedDir = path.join(runDir, 'upgraded');

let run: CliRun;
let upgradedRun: TreeResult;
let upgraded: ServerModule;
let migrated: ServerModule;

beforeAll(async () => {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  cpSync(treeDir, migratedDir, { recursive: true });
  cpSync(treeDir, upgradedDir, { recursive: true });
  run = await runCli(['--json', '--no-format', '--allow-dirty', '.'], migratedDir);
  upgradedRun = migrateTree(upgradedDir, [], 'auto');
  upgraded = (await import(pathToFileURL(path.join(upgradedDir, 'src', 'server.ts')).href)) as ServerModule;
  migrated = (await import(pathToFileURL(path.join(migratedDir, 'src', 'server.ts')).href)) as ServerModule;
});

afterAll(() => rmSync(runDir, { recursive: true, force: true }));

const read = (dir: string, rel: string) => readFileSync(path.join(dir, rel), 'utf8');

describe('one run over a v1 package of tool definitions', () => {
  it('upgrades every file and migrates the definition through its dispatcher, exit 0', () => {
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { summary: { handlersMigrated: number }; findings: { severity: string }[] };
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.summary.handlersMigrated).toBe(1);
    const tools = read(migratedDir, 'src/tools.ts');
    expect(tools).not.toContain('sendRequest');
    expect(tools).toContain('return inputRequired({');
    expect(read(migratedDir, 'src/types.ts')).toContain('extra: ServerContext) => Promise<CallToolResult | InputRequiredResult>;');
    for (const file of ['src/types.ts', 'src/tools.ts', 'src/server.ts']) expect(read(migratedDir, file)).not.toMatch(/from '@modelcontextprotocol\/sdk/);
  });

  it('upgrades the context alone too (the baseline), with no error', () => {
    expect(Object.values(upgradedRun.files).flatMap((f) => f.findings.filter((x) => x.severity === 'error'))).toEqual([]);
    expect(read(upgradedDir, 'src/tools.ts')).toContain('const answer = await ctx.mcpReq.send(');
  });

  it('typechecks against @modelcontextprotocol/server 2.x, upgraded and migrated', () => {
    for (const dir of [upgradedDir, migratedDir]) {
      const project = strictProject();
      project.addSourceFilesAtPaths(path.join(dir, 'src', '*.ts'));
      expect(project.formatDiagnosticsWithColorAndContext(project.getPreEmitDiagnostics())).toBe('');
    }
  });

  it('is idempotent: a second run changes nothing', async () => {
    const again = await runCli(['--json', '--no-format', '--allow-dirty', '--dry-run', '.'], migratedDir);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { summary: { filesChanged: number } }).summary.filesChanged).toBe(0);
  });
});

/** The same question: an input request states form mode, the default the v1 request left unsaid. */
function withoutFormMode(asked: ReturnType<typeof normalizeAsked>): ReturnType<typeof normalizeAsked> {
  return asked.map(({ kind, params }) => {
    if (!params || typeof params !== 'object' || (params as { mode?: unknown }).mode !== 'form') return { kind, params };
    const { mode: _mode, ...rest } = params as Record<string, unknown>;
    return { kind, params: rest };
  });
}

describe('the migrated definition answers what the upgraded v1 code answered', () => {
  const cases: [string, LogicalCall, Script][] = [
    ['confirmed', tool('delete-note', { id: 'n1' }), [answer.accept({ confirm: true })]],
    ['not confirmed', tool('delete-note', { id: 'n1' }), [answer.accept({ confirm: false })]],
    ['declined', tool('delete-note', { id: 'n1' }), [answer.decline()]],
  ];
  it.each(cases)('%s: on the 2026-07-28 wire and to a 2025-era client', async (_label, call, script) => {
    const before = await runLegacy(upgraded, call, script);
    for (const after of [await runMigrated2026(migrated, call, script), await runMigrated2025(migrated, call, script)]) {
      expect(normalizeResult(after.result)).toEqual(normalizeResult(before.result));
      expect(after.effects).toEqual(before.effects);
      expect(withoutFormMode(normalizeAsked(after.asked))).toEqual(normalizeAsked(before.asked));
    }
  });
});
