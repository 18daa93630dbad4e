// Keys that older v1 releases' loose protocol types let through and v2's exact types reject
// (src/v1-upgrade/exact-shapes.ts): each is left as it was and reported as an error, on exactly
// the lines v2's typings reject, and nothing else is. (Recent v1 releases reject these keys too,
// so unlike the fixture pairs the input cannot typecheck against the v1 SDK installed here.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../../src/engine.js';
import { strictProject } from '../helpers/strict-project.js';

const file = path.join(fileURLToPath(new URL('.', import.meta.url)), 'tmp-exact-shapes', 'server.ts');

const LOOSE_V1 = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export function serverFor(body: unknown): McpServer | undefined {
  if (!isInitializeRequest(body)) return undefined;
  if (isInitializeRequest(body) && body.params.protocolVersion) {
    console.log('client', body.params.clientInfo.name, body.params.sessionId);
  }
  const first = new McpServer({ name: 'notes', version: '1.0.0', vendor: 'acme' });
  const second = new McpServer(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: {}, sampling: {} }, instructions: 'Take notes' },
  );
  return first ?? second;
}
`;

function upgrade(text: string) {
  return transformSource({ absPath: file, text, transforms: [], sdkUpgrade: 'auto', sdkProjectType: 'server' });
}

describe('keys older v1 types let through', () => {
  const result = upgrade(LOOSE_V1);
  const errors = result.findings.filter((f) => f.severity === 'error');

  it('are reported as errors, each naming the key and the fields v2 has', () => {
    expect(errors.map((f) => `${f.line}: ${f.message.slice(0, f.message.indexOf(' ('))}`)).toEqual([
      "7: 'sessionId' is no field of initialize params",
      "9: 'vendor' is no field of the server's identity",
      "12: 'sampling' is no server capability in v2",
    ]);
    expect(errors.every((f) => f.rule === 'sdk-upgrade' && f.suggestion)).toBe(true);
  });

  it('on exactly the lines v2 rejects once the file is upgraded', () => {
    const project = strictProject();
    const output = project.createSourceFile(file, result.output!, { overwrite: true });
    // The output carries a marker line right above each reported spot.
    const marked = result.output!.split('\n').flatMap((line, i) => (line.includes('@mcp-mrtr-migrate sdk-upgrade') ? [i + 2] : []));
    const rejected = output.getPreEmitDiagnostics().map((d) => output.getLineAndColumnAtPos(d.getStart()!).line);
    expect(marked).toHaveLength(errors.length);
    expect([...new Set(rejected)].sort((a, b) => a - b)).toEqual(marked);
  });

  it('leaves code that reads and writes only v2 fields alone', () => {
    const clean = LOOSE_V1.replace(', body.params.sessionId', '').replace(", vendor: 'acme'", '').replace(', sampling: {}', '');
    expect(upgrade(clean).findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
