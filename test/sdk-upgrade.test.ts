// The official v1→v2 upgrade inside our pipeline (src/upgrade/sdk-upgrade.ts, engine's sdkUpgrade input):
// when it runs, that its output is the official one with the file's conventions kept, that its
// diagnostics become sdk-upgrade findings at the right lines, and that our analysis and
// transforms work on what it emits. The codemod's version is pinned; a test says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findHandlers } from '../src/analysis/handlers.js';
import { findPushSites } from '../src/analysis/push-sites.js';
import { unifiedDiff } from '../src/write/diff.js';
import { transformSource } from '../src/engine.js';
import { parseSource } from '../src/parse.js';
import { loadTransforms } from '../src/registry.js';
import { importsV1Sdk, lineEdits, officialMarkerFindings, projectTypeOfFile, wantsSdkUpgrade } from '../src/upgrade/sdk-upgrade.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const transforms = await loadTransforms();
const file = path.join(root, 'test', 'tmp', 'sdk-upgrade', 'src', 'server.ts');

const V1_TOOL = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'demo', version: '1.0.0' });
  server.tool(
    'greet',
    'Greets someone',
    { name: z.string() },
    async ({ name }) => {
      const text = \`Hello, \${name}\`;
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}
`;

function upgrade(text: string, mode: 'auto' | 'always' | 'never' = 'auto', ids: string[] = []) {
  return transformSource({
    absPath: file,
    text,
    transforms: transforms.filter((t) => ids.includes(t.id)),
    sdkUpgrade: mode,
    options: { stateModulePath: path.join(path.dirname(file), 'mrtr-state.ts') },
  });
}

describe('the pinned official codemod', () => {
  it('is @modelcontextprotocol/codemod 2.3.1, pinned exactly', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@modelcontextprotocol/codemod']).toBe('2.3.1');
    const installed = JSON.parse(readFileSync(path.join(root, 'node_modules', '@modelcontextprotocol', 'codemod', 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe('2.3.1');
  });
});

describe('when the upgrade runs', () => {
  it('recognises v1 imports, requires, dynamic imports and mocks', () => {
    expect(importsV1Sdk(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`)).toBe(true);
    expect(importsV1Sdk(`const { Client } = require("@modelcontextprotocol/sdk/client/index.js");`)).toBe(true);
    expect(importsV1Sdk(`const m = await import('@modelcontextprotocol/sdk/types.js');`)).toBe(true);
    expect(importsV1Sdk(`vi.mock('@modelcontextprotocol/sdk/server/stdio.js');`)).toBe(true);
    expect(importsV1Sdk(`import { McpServer } from '@modelcontextprotocol/server';`)).toBe(false);
    expect(importsV1Sdk(`// see @modelcontextprotocol/sdk docs`)).toBe(false);
  });

  it('auto: files that import the v1 SDK; always: every file; never: none', () => {
    expect(wantsSdkUpgrade('auto', V1_TOOL)).toBe(true);
    expect(wantsSdkUpgrade('auto', `import { McpServer } from '@modelcontextprotocol/server';`)).toBe(false);
    expect(wantsSdkUpgrade('always', 'const x = 1;')).toBe(true);
    expect(wantsSdkUpgrade('never', V1_TOOL)).toBe(false);
    expect(wantsSdkUpgrade(undefined, V1_TOOL)).toBe(false);
  });

  it('is off unless asked for (transformSource keeps its old behaviour)', () => {
    expect(upgrade(V1_TOOL, 'never').output).toBeUndefined();
    expect(transformSource({ absPath: file, text: V1_TOOL, transforms: [] }).output).toBeUndefined();
  });

  it('upgrades the v1 file and names the step sdk-upgrade', () => {
    const out = upgrade(V1_TOOL);
    expect(out.transforms).toEqual(['sdk-upgrade']);
    expect(out.output).toContain(`import { McpServer } from '@modelcontextprotocol/server';`);
    expect(out.output).toContain(
      [
        '  server.registerTool(',
        "    'greet',",
        '    {',
        "      description: 'Greets someone',",
        '      inputSchema: z.object({ name: z.string() }),',
        '    },',
        '    async ({ name }) => {',
      ].join('\n'),
    );
  });

  it('leaves v2 code alone in always mode, and a second run changes nothing', () => {
    const once = upgrade(V1_TOOL).output!;
    expect(upgrade(once, 'always').output).toBeUndefined();
    expect(upgrade(once, 'auto').output).toBeUndefined();
  });
});

describe('the file keeps its conventions', () => {
  it('rewrites a registration in place: the callback keeps its bytes, nothing else moves', () => {
    const out = upgrade(V1_TOOL).output!;
    const callback = V1_TOOL.slice(V1_TOOL.indexOf('    async ({ name }) => {'), V1_TOOL.indexOf('  return server;'));
    expect(out).toContain(callback);
    expect(out.split('\n').length).toBe(V1_TOOL.split('\n').length + 2);
  });

  it('never re-indents the inside of a template literal', () => {
    const text = V1_TOOL.replace('const text = `Hello, ${name}`;', 'const text = `Hello,\n  ${name}`;');
    const out = upgrade(text).output!;
    expect(out).toContain('const text = `Hello,\n  ${name}`;');
  });

  it('keeps the shebang, CRLF line endings and single-quoted specifiers', () => {
    const text = `#!/usr/bin/env node\n${V1_TOOL}`.replace(/\n/g, '\r\n');
    const out = upgrade(text).output!;
    expect(out.startsWith('#!/usr/bin/env node\r\n')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    expect(out).toContain(`from '@modelcontextprotocol/server';`);
  });

  it('keeps double quotes in a file that uses them', () => {
    const out = upgrade(V1_TOOL.replace(/'/g, '"')).output!;
    expect(out).toContain(`import { McpServer } from "@modelcontextprotocol/server";`);
  });

  it('infers client / server from the file when the runner does not say', () => {
    expect(projectTypeOfFile(`import { Client } from '@modelcontextprotocol/sdk/client/index.js';`)).toBe('client');
    expect(projectTypeOfFile(V1_TOOL)).toBe('server');
    expect(projectTypeOfFile(`import { z } from '@modelcontextprotocol/sdk/types.js';`)).toBe('unknown');
  });
});

describe('its diagnostics become sdk-upgrade findings', () => {
  // The official codemod's own spots: a deprecated import (info) and a completable() whose
  // .nullish() argument it cannot rewrite (action required), below a registration our own pass
  // rewrote to more lines than it had.
  const OFFICIAL = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';

const server = new McpServer({ name: 'x', version: '1.0.0' });
server.prompt(
  'p',
  'A prompt',
  { lang: completable(z.string().nullish(), () => ['ts']) },
  async () => ({ messages: [] }),
);
export { server, SSEServerTransport };
`;

  it('keeps the message, maps the line to the original file and marks action-required spots', () => {
    const out = upgrade(OFFICIAL);
    const findings = out.findings.filter((f) => f.rule === 'sdk-upgrade');
    expect(findings.map((f) => [f.severity, f.line, f.message.slice(0, 40)])).toEqual([
      ['info', 1, 'SSEServerTransport is deprecated. Migrat'],
      ['warning', 10, 'completable() first argument ends in .nu'],
    ]);
    const warning = findings[1]!;
    // The official codemod writes a marker there; we write ours, in our format, once.
    expect(out.output).toContain(`    // @mcp-mrtr-migrate sdk-upgrade: ${warning.message}\n    argsSchema: z.object({ lang: completable(`);
    const again = upgrade(out.output!, 'always');
    expect(again.output).toBeUndefined();
  });

  it('reports @mcp-codemod-error markers an earlier official run left, without a second marker', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/server';\n/* @mcp-codemod-error Could not automatically migrate .tool() call. Manual migration required. */\nexport const x = 1;\n`;
    expect(officialMarkerFindings(text)).toEqual([
      { rule: 'sdk-upgrade', severity: 'warning', pos: 58, message: 'Could not automatically migrate .tool() call. Manual migration required.', marker: false },
    ]);
    const out = upgrade(text, 'always');
    expect(out.output).toBeUndefined();
    expect(out.findings).toEqual([
      { rule: 'sdk-upgrade', severity: 'warning', line: 2, column: 1, message: 'Could not automatically migrate .tool() call. Manual migration required.' },
    ]);
  });

  it('maps positions through line edits', () => {
    expect(lineEdits('a\nb\nc\n', 'a\nB\nc\n')).toEqual([{ start: 2, end: 4, text: 'B\n' }]);
    expect(lineEdits('a\nc\n', 'a\nb\nc\n')).toEqual([{ start: 2, end: 2, text: 'b\n' }]);
  });
});

describe('one run, both steps', () => {
  const V1_ASK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'ask', version: '1.0.0' });
  server.tool('rename', { to: z.string() }, async ({ to }, extra) => {
    const answer = await extra.sendRequest(
      { method: 'elicitation/create', params: { message: \`Rename to \${to}?\`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } } },
      ElicitResultSchema,
    );
    return { content: [{ type: 'text', text: answer.action }] };
  });
  return server;
}
`;

  it("recognises the official codemod's output forms (registerTool, ctx, ctx.mcpReq.send with a schema)", () => {
    const upgraded = upgrade(V1_ASK).output!;
    expect(upgraded).toContain('async ({ to }, ctx) => {');
    expect(upgraded).toContain('await ctx.mcpReq.send(');
    const sourceFile = parseSource(file, upgraded);
    const handlers = findHandlers(sourceFile);
    expect(handlers.map((h) => [h.form, h.name, h.ctxParam?.getName()])).toEqual([['registerTool', 'rename', 'ctx']]);
    const sites = findPushSites(sourceFile, handlers);
    expect(sites.map((s) => [s.kind, s.api, s.options === undefined])).toEqual([['elicitation', 'ctx.mcpReq.send', true]]);
    // … and the v1 forms before the upgrade.
    const before = parseSource(file.replace('server.ts', 'before.ts'), V1_ASK);
    const v1Handlers = findHandlers(before);
    expect(v1Handlers.map((h) => [h.form, h.sdk, h.ctxParam?.getName()])).toEqual([['tool', 'v1', 'extra']]);
    expect(findPushSites(before, v1Handlers).map((s) => [s.kind, s.api])).toEqual([['elicitation', 'extra.sendRequest']]);
  });

  it('one diff shows the upgrade and the migration', () => {
    const out = upgrade(V1_ASK, 'auto', ['result-type', 'step-machine']);
    expect(out.transforms).toEqual(['sdk-upgrade', 'result-type', 'step-machine']);
    const diff = unifiedDiff('src/server.ts', V1_ASK, out.output!);
    expect(diff).toContain("-import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';");
    expect(diff).toMatch(/\+ {2}server\.registerTool\('rename'/);
    expect(diff).toMatch(/\+ +return inputRequired\(\{/);
    expect(diff).toContain("resultType: 'complete'");
  });
});
