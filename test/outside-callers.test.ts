// A tool definition's handler that asks the client, called directly by code the run does not update
// (a test outside the paths given to the run, or a test inside them): migrating it would add the
// request context as a parameter those calls do not pass. The handler stays as it was, with an
// error naming the calls, and the run exits 1; a package whose tests call only other tools migrates.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-run.js';
import { typecheckProject as typecheck } from './helpers/project-typecheck.js';
import type { Report } from '../src/report/json.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUN_DIR = path.join(ROOT, 'test', 'tmp', `outside-callers-${process.pid}`);

const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] },
  include: ['src', 'tests'],
};

const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { registerTools } from './tools/index.js';
import { releaseStore } from './store.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'releases', version: '1.0.0' });
  registerTools(server, releaseStore);
  return server;
}
`;

const STORE = `export interface ReleaseStore {
  versions(): Promise<string[]>;
  publish(version: string): Promise<void>;
}

export const releaseStore: ReleaseStore = {
  versions: async () => ['1.0.0', '1.1.0'],
  publish: async () => {},
};
`;

const DISPATCHER = `import { McpServer } from '@modelcontextprotocol/server';
import type { ReleaseStore } from '../store.js';
import { createListReleasesTool, createPublishReleaseTool } from './release.js';

interface ToolDefinition {
  name: string;
  schema: Record<string, any>;
  handler: (args: any, extra: any) => Promise<any>;
}

export function registerTools(server: McpServer, store: ReleaseStore): void {
  const definitions: ToolDefinition[] = [createListReleasesTool(store), createPublishReleaseTool(store, server)];
  for (const definition of definitions) {
    server.registerTool(definition.name, { inputSchema: definition.schema }, async (args: Record<string, any>, extra: any) => {
      const outcome = await definition.handler(args, extra);
      return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
    });
  }
}
`;

const TOOLS = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ReleaseStore } from '../store.js';

export function createListReleasesTool(store: ReleaseStore) {
  return {
    name: 'list_releases',
    schema: {},
    handler: async () => ({ versions: await store.versions() }),
  };
}

export function createPublishReleaseTool(store: ReleaseStore, server: McpServer) {
  return {
    name: 'publish_release',
    schema: { version: z.string() },
    handler: async (args: { version: string }) => {
      const reply = await server.server.elicitInput({
        message: \`Publish release \${args.version} to every customer?\`,
        requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
      });
      if (reply.action !== 'accept' || reply.content?.publish !== true) return { published: false };
      await store.publish(args.version);
      return { published: true };
    },
  };
}
`;
const FACTORY_SOURCES = { 'server.ts': SERVER, 'store.ts': STORE, 'tools/index.ts': DISPATCHER, 'tools/release.ts': TOOLS };

/** The same tool as a definition object exported as a const, asking through a module-level server. */
const CONST_SOURCES = {
  'instance.ts': `import { McpServer } from '@modelcontextprotocol/server';
export const mcpServer = new McpServer({ name: 'releases', version: '1.0.0' });
`,
  'server.ts': `import { mcpServer } from './instance.js';
import { publishRelease } from './tools/release.js';

const definitions: { name: string; schema: Record<string, any>; handler: (args: any, extra: any) => Promise<any> }[] = [publishRelease];
for (const definition of definitions) {
  mcpServer.registerTool(definition.name, { inputSchema: definition.schema }, async (args: Record<string, any>, extra: any) => {
    const outcome = await definition.handler(args, extra);
    return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
  });
}
`,
  'tools/release.ts': `import { z } from 'zod';
import { mcpServer } from '../instance.js';

export const publishRelease = {
  name: 'publish_release',
  schema: { version: z.string() },
  handler: async (args: { version: string }) => {
    const reply = await mcpServer.server.elicitInput({
      message: \`Publish release \${args.version}?\`,
      requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
    });
    return { published: reply.action === 'accept' };
  },
};
`,
};

/** The line of the question in TOOLS. */
const QUESTION_LINE = TOOLS.split('\n').findIndex((l) => l.includes('elicitInput')) + 1;

const FAKE_SERVER = `const server = { server: { elicitInput: async () => ({ action: 'accept' as const, content: { publish: true } }) } } as never;
const store = { versions: async () => [], publish: async () => {} };
`;

/** Test files, each calling the tools its own way. */
const TESTS: Record<string, string> = {
  'factory-result-in-a-variable': `import { createPublishReleaseTool } from '../src/tools/release.js';
${FAKE_SERVER}
export async function publishes() {
  const tool = createPublishReleaseTool(store, server);
  return tool.handler({ version: '1.2.0' });
}
`,
  'factory-result-called-directly': `import { createPublishReleaseTool as makeTool } from '../src/tools/release.js';
${FAKE_SERVER}
export async function publishes() {
  return (await makeTool(store, server)).handler({ version: '1.2.0' });
}
`,
  'namespace-import': `import * as release from '../src/tools/release.js';
${FAKE_SERVER}
export async function publishes() {
  const tool = release.createPublishReleaseTool(store, server);
  return tool.handler({ version: '1.2.0' });
}
`,
  'spread-arguments': `import { createPublishReleaseTool } from '../src/tools/release.js';
${FAKE_SERVER}
export async function publishes(args: [{ version: string }]) {
  const tool = createPublishReleaseTool(store, server);
  return tool.handler(...args);
}
`,
  'other-tool-only': `import { createListReleasesTool, createPublishReleaseTool } from '../src/tools/release.js';
${FAKE_SERVER}
export async function lists() {
  const publisher = createPublishReleaseTool(store, server);
  return [publisher.name, await createListReleasesTool(store).handler()];
}
`,
};
const CALL_LINE = (name: string) => TESTS[name].split('\n').findIndex((l) => l.includes('.handler(')) + 1;

/** `sources`: the files under src/ (default: the factory shape above). */
function makePackage(name: string, testFile: string, sources: Record<string, string> = FACTORY_SOURCES): string {
  const dir = path.join(RUN_DIR, name);
  fs.rmSync(dir, { recursive: true, force: true });
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name, private: true, type: 'module' }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    ...Object.fromEntries(Object.entries(sources).map(([file, text]) => [`src/${file}`, text])),
    'tests/release.test.ts': testFile,
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function migrate(dir: string, paths: string[], transforms = ['-t', 'step-machine']): Promise<{ code: number; report: Report }> {
  const { code, stdout, stderr } = await runCli(['--allow-dirty', '--json', '--no-format', ...transforms, ...paths], dir);
  expect(stderr).not.toContain('Error:');
  return { code, report: JSON.parse(stdout) as Report };
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const withoutMarkers = (text: string) => text.split('\n').filter((l) => !l.includes('// @mcp-mrtr-migrate ')).join('\n');

afterAll(() => {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

describe('a handler called by a test the run does not update', () => {
  it.each(['factory-result-in-a-variable', 'factory-result-called-directly', 'namespace-import', 'spread-arguments'])(
    'stays as it was with an error naming the call, and the run exits 1 (%s, run on src)',
    async (name) => {
      const dir = makePackage(name, TESTS[name]);
      const { code, report } = await migrate(dir, ['src']);
      expect(code).toBe(1);
      expect(report.summary.handlersMigrated).toBe(0);
      const findings = report.findings.filter((f) => f.severity !== 'info');
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ rule: 'handler-called-outside-run', severity: 'error', path: 'src/tools/release.ts', line: QUESTION_LINE });
      expect(findings[0].message).toContain(`the call at tests/release.test.ts:${CALL_LINE(name)} (not updated by this run) does not pass`);
      expect(findings[0].message).toContain("the function's second parameter");
      // The handler byte for byte, a marker above the question; the dispatcher and the test untouched.
      expect(withoutMarkers(read(dir, 'src/tools/release.ts'))).toBe(TOOLS);
      expect(read(dir, 'src/tools/release.ts')).toContain('// @mcp-mrtr-migrate handler-called-outside-run: ');
      expect(read(dir, 'src/tools/index.ts')).toBe(DISPATCHER);
      expect(read(dir, 'tests/release.test.ts')).toBe(TESTS[name]);
      expect(fs.existsSync(path.join(dir, 'src/mrtr-state.ts'))).toBe(false);
      expect(typecheck(dir)).toBe('');
    },
  );

  it('is found in a test inside the run too (the run never adapts a test\'s call)', async () => {
    const name = 'factory-result-in-a-variable';
    const dir = makePackage(`${name}-in-run`, TESTS[name]);
    const { code, report } = await migrate(dir, ['.']);
    expect(code).toBe(1);
    expect(report.findings.filter((f) => f.rule === 'handler-called-outside-run').map((f) => `${f.path}:${f.line}`)).toEqual([`src/tools/release.ts:${QUESTION_LINE}`]);
    expect(withoutMarkers(read(dir, 'src/tools/release.ts'))).toBe(TOOLS);
    expect(read(dir, 'tests/release.test.ts')).toBe(TESTS[name]);
  });

  it('finds the calls of a definition exported as a const', async () => {
    const test = `import { publishRelease } from '../src/tools/release.js';\n\nexport const publishes = () => publishRelease.handler({ version: '1.2.0' });\n`;
    const dir = makePackage('exported-const', test, CONST_SOURCES);
    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(1);
    const finding = report.findings.find((f) => f.rule === 'handler-called-outside-run');
    expect(finding?.line).toBe(8);
    expect(finding?.message).toContain('the call at tests/release.test.ts:3 (not updated by this run) does not pass; it would no longer compile');
    expect(withoutMarkers(read(dir, 'src/tools/release.ts'))).toBe(CONST_SOURCES['tools/release.ts']);
    expect(typecheck(dir)).toBe('');
  });

  it('finds the calls of an arrow factory exported under another name', async () => {
    const arrow = TOOLS
      .replace('export function createPublishReleaseTool(store: ReleaseStore, server: McpServer) {\n  return {', 'const makePublisher = (store: ReleaseStore, server: McpServer) => ({')
      .replace(/    },\n  };\n}\n$/, '    },\n});\n\nexport { makePublisher as createPublishReleaseTool };\n');
    expect(arrow).toContain('export { makePublisher');
    const dir = makePackage('arrow-factory', TESTS['factory-result-in-a-variable'], { ...FACTORY_SOURCES, 'tools/release.ts': arrow });
    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(1);
    expect(report.findings.find((f) => f.rule === 'handler-called-outside-run')?.message).toContain(`tests/release.test.ts:${CALL_LINE('factory-result-in-a-variable')} `);
    expect(withoutMarkers(read(dir, 'src/tools/release.ts'))).toBe(arrow);
  });

  it('finds the calls of a definition that is the default export', async () => {
    const asDefault = {
      ...CONST_SOURCES,
      'tools/release.ts': CONST_SOURCES['tools/release.ts'].replace('export const publishRelease = {', 'export default {'),
      'server.ts': CONST_SOURCES['server.ts'].replace('import { publishRelease }', 'import publishRelease'),
    };
    const test = `import tool from '../src/tools/release.js';\n\nexport const publishes = () => tool.handler({ version: '1.2.0' });\n`;
    const dir = makePackage('default-export', test, asDefault);
    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(1);
    expect(report.findings.find((f) => f.rule === 'handler-called-outside-run')?.message).toContain('the call at tests/release.test.ts:3 ');
  });

  it('names every call, grouped by file', async () => {
    const twice = TESTS['factory-result-in-a-variable'].replace("  return tool.handler({ version: '1.2.0' });\n", "  await tool.handler({ version: '1.2.0' });\n  return tool.handler({ version: '1.3.0' });\n");
    const dir = makePackage('two-calls', twice);
    const { report } = await migrate(dir, ['src']);
    const line = CALL_LINE('factory-result-in-a-variable');
    expect(report.findings.find((f) => f.rule === 'handler-called-outside-run')?.message).toContain(`the calls at tests/release.test.ts:${line},${line + 1} (not updated by this run) do not pass; they would`);
  });

  it('exits 1 with every transform selected, as a user runs it', async () => {
    const dir = makePackage('all-transforms', TESTS['factory-result-in-a-variable']);
    const { code, report } = await migrate(dir, ['src'], []);
    expect(code).toBe(1);
    expect(report.summary.handlersMigrated).toBe(0);
    expect(withoutMarkers(read(dir, 'src/tools/release.ts'))).toBe(TOOLS);
  });
});

describe('a handler whose callers outside the run all still fit', () => {
  it('migrates when the tests call only another tool of the module, and everything typechecks', async () => {
    const dir = makePackage('other-tool-only', TESTS['other-tool-only']);
    const { code, report } = await migrate(dir, ['src']);
    expect(code).toBe(0);
    expect(report.summary.handlersMigrated).toBe(1);
    expect(report.findings.filter((f) => f.rule === 'handler-called-outside-run')).toEqual([]);
    expect(read(dir, 'src/tools/release.ts')).toContain('handler: async (args: { version: string }, ctx: ServerContext) => {');
    // The dispatcher inside the run is adapted as before.
    expect(read(dir, 'src/tools/index.ts')).toContain('if (isInputRequiredResult(outcome)) return outcome;');
    expect(typecheck(dir)).toBe('');
  });
});
