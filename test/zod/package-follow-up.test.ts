// The zod 3 follow-up through the CLI: a package the run moves to the v2 SDK has its zod raised to
// ^4.2, and every file of the package that imports zod follows, those outside the paths the run
// was given included (their package.json changes for them too); a zod 3 call without a zod 4
// spelling is left and reported as an error (exit 1). A package whose zod is already 4 has only its
// `zod/v3` imports follow; a package that used the v1 SDK's own zod gets zod ^4.2 and follows too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/json.js';
import { runCli } from '../helpers/cli-run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN_DIR = path.join(ROOT, 'test', 'tmp', `zod-follow-up-${process.pid}`);

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Tags } from './shapes.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tags', version: '1.0.0' });
  server.tool('tag', 'Tags an item', { tags: Tags }, async ({ tags }) => ({
    content: [{ type: 'text', text: Object.keys(tags).join(', ') }],
  }));
  return server;
}
`;

const SHAPES = `import { z } from 'zod';

export const Tags = z.record(z.string());
`;

const CLIENT_TEST = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';

export const client = new Client({ name: 'probe', version: '1.0.0' });
export const Counts = z.record(z.number()).optional();
`;

// No zod import here: the schema comes from another module.
const CHECK = `import { Tags } from './shapes.js';

export function tagErrors(value: unknown): number {
  const parsed = Tags.safeParse(value);
  return parsed.success ? 0 : parsed.error.errors.length;
}
`;

const CONFIG = `import { z } from 'zod';

export const Settings = z.object({ limits: z.object({ max: z.number() }) }).deepPartial();
`;

function writePackage(name: string, zodRange: string | undefined, files: Record<string, string>): string {
  const dir = path.join(RUN_DIR, name);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const manifest = { name, private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', ...(zodRange ? { zod: zodRange } : {}) } };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

async function migrate(dir: string, target: string): Promise<{ code: number; report: Report }> {
  const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', target], dir);
  return { code, report: JSON.parse(stdout) as Report };
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

afterAll(() => {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

describe('the zod 3 follow-up of a package moved to the v2 SDK', () => {
  it('rewrites one-argument records in every zod file of the package, inside the run and outside it, and keeps the v1 SDK for the tests', async () => {
    const dir = writePackage('inside-and-outside', '^3.24.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES, 'src/check.ts': CHECK, 'tests/client.test.ts': CLIENT_TEST });
    const { code, report } = await migrate(dir, 'src');
    expect(code).toBe(0);
    expect(read(dir, 'src/shapes.ts')).toBe(SHAPES.replace('z.record(z.string())', 'z.record(z.string(), z.string())'));
    expect(read(dir, 'src/check.ts')).toBe(CHECK.replace('parsed.error.errors', 'parsed.error.issues'));
    expect(read(dir, 'tests/client.test.ts')).toBe(CLIENT_TEST.replace('z.record(z.number())', 'z.record(z.string(), z.number())'));
    const manifest = JSON.parse(read(dir, 'package.json')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies).toEqual({ '@modelcontextprotocol/sdk': '^1.20.0', '@modelcontextprotocol/server': '^2.4.0', zod: '^4.2.0' });
    const warnings = report.findings.filter((f) => f.path === 'package.json').map((f) => f.message);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining("zod '^3.24.0' raised to '^4.2.0'"),
        expect.stringContaining('@modelcontextprotocol/sdk is kept: tests/client.test.ts (outside the paths this run migrated) still import it'),
      ]),
    );
    expect(report.files.filter((f) => f.changed).map((f) => f.path).sort()).toEqual(['package.json', 'src/check.ts', 'src/server.ts', 'src/shapes.ts', 'tests/client.test.ts']);
    // A second run: zod is 4 now, nothing follows again.
    const again = await migrate(dir, 'src');
    expect(again.report.summary.filesChanged).toBe(0);
  });

  it('follows in a file the migration read and left unchanged (one already on v2)', async () => {
    const typed = `import type { CallToolResult } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n\nexport const Tags = z.record(z.string());\nexport const empty: CallToolResult = { content: [] };\n`;
    const dir = writePackage('read-unchanged', '^3.24.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES, 'src/typed.ts': typed });
    const { code } = await migrate(dir, '.');
    expect(code).toBe(0);
    expect(read(dir, 'src/typed.ts')).toBe(typed.replace('z.record(z.string())', 'z.record(z.string(), z.string())'));
  });

  it('keeps a package with a zod 3 call without a zod 4 spelling on the v1 SDK and zod 3, byte for byte, with an error at the call (exit 1)', async () => {
    const dir = writePackage('deep-partial', '^3.24.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES, 'src/discover/config.ts': CONFIG });
    const manifest = read(dir, 'package.json');
    const { code, report } = await migrate(dir, '.');
    expect(code).toBe(1);
    expect(read(dir, 'src/discover/config.ts')).toBe(CONFIG);
    expect(read(dir, 'src/shapes.ts')).toBe(SHAPES);
    expect(read(dir, 'src/server.ts')).toBe(SERVER);
    expect(read(dir, 'package.json')).toBe(manifest);
    const errors = report.findings.filter((f) => f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.rule}: ${f.message}`);
    expect(errors).toEqual([
      'src/discover/config.ts:3 zod-upgrade: zod 4 removed `.deepPartial()`; the v2 SDK needs zod ^4.2, under which this line would not typecheck: the package stays on the v1 SDK and its zod as it was',
    ]);
    const server = report.findings.filter((f) => f.path === 'src/server.ts').map((f) => f.message);
    expect(server).toContain("left as it was, on the v1 SDK: src/discover/config.ts:3 of the same package cannot be upgraded to v2 yet (see the error there), and a package's files move to v2 together");
  });

  it('keeps the package on v1 for such a call in a file outside the run\'s paths too', async () => {
    const dir = writePackage('deep-partial-outside', '^3.24.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES, 'lib/config.ts': CONFIG });
    const { code, report } = await migrate(dir, 'src');
    expect(code).toBe(1);
    expect(read(dir, 'src/server.ts')).toBe(SERVER);
    expect(read(dir, 'lib/config.ts')).toBe(CONFIG);
    expect(report.findings.filter((f) => f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.rule}`)).toEqual(['lib/config.ts:3 zod-upgrade']);
    expect(report.files.filter((f) => f.changed)).toEqual([]);
  });

  it('moves the `zod/v3` files of a package on zod 4 to `zod`, and leaves its zod 4 code alone', async () => {
    const v3Shapes = `import { z } from 'zod/v3';\n\nexport const Tags = z.record(z.string());\n`;
    const four = `import { z } from 'zod';\n\nexport const Counts = z.record(z.string(), z.number());\n`;
    const dir = writePackage('zod-four-v3', '^4.2.0', { 'src/server.ts': SERVER, 'src/shapes.ts': v3Shapes, 'src/counts.ts': four });
    const { code, report } = await migrate(dir, '.');
    expect(code).toBe(0);
    expect(read(dir, 'src/shapes.ts')).toBe(`import { z } from 'zod';\n\nexport const Tags = z.record(z.string(), z.string());\n`);
    expect(read(dir, 'src/counts.ts')).toBe(four);
    expect(JSON.parse(read(dir, 'package.json')).dependencies.zod).toBe('^4.2.0');
    expect(report.findings.filter((f) => f.rule === 'zod-upgrade')).toEqual([]);
  });

  it('keeps a package on zod 4 on the v1 SDK for a `zod/v3` file that cannot move to zod 4 (exit 1)', async () => {
    const config = CONFIG.replace("from 'zod'", "from 'zod/v3'");
    const dir = writePackage('zod-four-v3-held', '^4.2.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES.replace('z.record(z.string())', 'z.record(z.string(), z.string())'), 'src/config.ts': config });
    const { code, report } = await migrate(dir, '.');
    expect(code).toBe(1);
    expect(read(dir, 'src/config.ts')).toBe(config);
    expect(read(dir, 'src/server.ts')).toBe(SERVER);
    expect(report.findings.filter((f) => f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.rule}: ${f.message}`)).toEqual([
      "src/config.ts:3 zod-upgrade: zod 4 removed `.deepPartial()`; this file's zod 3 (`zod/v3`) can become zod 4 (`zod`, whose schemas the v2 SDK takes) only once this line is zod 4's: the package stays on the v1 SDK and its zod as it was",
    ]);
  });

  it('declares zod ^4.2 for code that used the v1 SDK\'s own zod, and brings that code to zod 4', async () => {
    const dir = writePackage('zod-undeclared', undefined, { 'src/server.ts': SERVER.replace("import { Tags } from './shapes.js';", "import { z } from 'zod';\nimport { Tags } from './shapes.js';"), 'src/shapes.ts': SHAPES });
    const { code } = await migrate(dir, '.');
    expect(code).toBe(0);
    expect(JSON.parse(read(dir, 'package.json')).dependencies.zod).toBe('^4.2.0');
    expect(read(dir, 'src/shapes.ts')).toBe(SHAPES.replace('z.record(z.string())', 'z.record(z.string(), z.string())'));
  });

  it('leaves the zod code of a package whose zod is already 4 alone', async () => {
    const dir = writePackage('zod-four', '^4.2.0', { 'src/server.ts': SERVER, 'src/shapes.ts': SHAPES.replace('z.record(z.string())', 'z.record(z.string(), z.string())') });
    const before = read(dir, 'src/shapes.ts');
    const { code, report } = await migrate(dir, '.');
    expect(code).toBe(0);
    expect(read(dir, 'src/shapes.ts')).toBe(before);
    expect(report.findings.filter((f) => f.rule === 'zod-upgrade')).toEqual([]);
  });
});
