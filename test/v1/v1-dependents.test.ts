// A file that imports a dependency built on the v1 SDK (it depends on @modelcontextprotocol/sdk:
// the package hands v1 McpServer objects around) is left on v1 as it was, MRTR rewrite included,
// with an error finding at the import; what the dependency is built on is read from its installed
// package.json, else from package-lock.json. Its package keeps the v1 SDK; other files move on.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/json.js';
import { runCli } from '../helpers/cli-run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN_DIR = path.join(ROOT, 'test', 'tmp', `v1-dependents-${process.pid}`);

const AGENT = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HostedAgent } from 'acme-agents';
import { z } from 'zod';

export class NotesAgent extends HostedAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });

  init(): void {
    this.server.tool('confirm', { note: z.string() }, async ({ note }, extra) => {
      const answer = await extra.sendRequest(
        { method: 'elicitation/create', params: { mode: 'form', message: \`Save \${note}?\`, requestedSchema: { type: 'object', properties: {} } } },
        ElicitResultSchema,
      );
      return { content: [{ type: 'text', text: answer.action }] };
    });
  }
}
`;

const PLAIN = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const server = new McpServer({ name: 'plain', version: '1.0.0' });
`;

function writePackage(name: string, agentsManifest: 'installed' | 'locked'): string {
  const dir = path.join(RUN_DIR, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'agent.ts'), AGENT.replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';"));
  fs.writeFileSync(path.join(dir, 'src', 'plain.ts'), PLAIN);
  const manifest = { name, private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', 'acme-agents': '^0.1.0', zod: '^3.25.0' } };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const agents = { name: 'acme-agents', version: '0.1.0', dependencies: { '@modelcontextprotocol/sdk': '^1.17.2' } };
  if (agentsManifest === 'installed') {
    fs.mkdirSync(path.join(dir, 'node_modules', 'acme-agents'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'acme-agents', 'package.json'), JSON.stringify(agents));
  } else {
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': manifest, 'node_modules/acme-agents': agents } }));
  }
  return dir;
}

afterAll(() => {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

describe.each(['installed', 'locked'] as const)('a file importing a dependency built on the v1 SDK (%s)', (how) => {
  it('stays on v1 as it was, reported at the import, and its package keeps the v1 SDK', async () => {
    const dir = writePackage(`agents-${how}`, how);
    const before = fs.readFileSync(path.join(dir, 'src', 'agent.ts'), 'utf8');
    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', 'src'], dir);
    const report = JSON.parse(stdout) as Report;
    expect(code).toBe(1);
    // As it was, apart from the marker line above the reported import.
    const after = fs.readFileSync(path.join(dir, 'src', 'agent.ts'), 'utf8');
    expect(after.split('\n').filter((line) => !line.startsWith('// @mcp-mrtr-migrate sdk-upgrade: acme-agents is built on the v1 SDK')).join('\n')).toBe(before);
    expect(after).not.toBe(before);
    const errors = report.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.path}:${f.line} ${f.rule}`)).toEqual(['src/agent.ts:2 sdk-upgrade']);
    expect(errors[0].message).toContain('acme-agents is built on the v1 SDK (acme-agents depends on @modelcontextprotocol/sdk ^1.17.2)');
    // The other file moves to v2; the v1 SDK stays for the one left.
    expect(fs.readFileSync(path.join(dir, 'src', 'plain.ts'), 'utf8')).toContain("from '@modelcontextprotocol/server'");
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['@modelcontextprotocol/sdk']).toBe('^1.17.0');
  });
});
