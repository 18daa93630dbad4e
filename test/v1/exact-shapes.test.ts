// Keys that older v1 releases' loose protocol types let through and v2's exact types reject
// (src/upgrade/v1/exact-shapes.ts): each is reported as an error, on exactly the lines v2's typings
// reject once the file is upgraded, and nothing else is; the file then stays on v1 as it was.
// (Recent v1 releases reject these keys too, so unlike the fixture pairs the input cannot
// typecheck against the v1 SDK installed here.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../../src/engine.js';
import { parseSource } from '../../src/parse.js';
import { loadTransforms } from '../../src/registry.js';
import { runSdkUpgrade } from '../../src/upgrade/sdk-upgrade.js';
import { strictProject } from '../helpers/strict-project.js';

const file = path.join(fileURLToPath(new URL('.', import.meta.url)), 'tmp-exact-shapes', 'server.ts');

const LOOSE_V1 = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

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

export function register(server: McpServer): void {
  server.tool('summarize', { text: z.string() }, async ({ text }, extra) => {
    const answer = await extra.sendRequest(
      { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 200 } },
      CreateMessageResultSchema,
    );
    return { content: [{ type: 'text', text: String(answer.content.text) }] };
  });
  server.tool('describe', { text: z.string() }, async ({ text }, extra) => {
    const answer = await extra.sendRequest(
      { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 200 } },
      CreateMessageResultSchema,
    );
    const said = answer.content.type === 'text' ? answer.content.text : answer.content.mimeType;
    return { content: [{ type: 'text', text: said }] };
  });
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
      "8: file left on the v1 SDK: 'sessionId' is no field of initialize params",
      "10: file left on the v1 SDK: 'vendor' is no field of the server's identity",
      "13: file left on the v1 SDK: 'sampling' is no server capability in v2",
      "24: file left on the v1 SDK: 'text' is a field of one kind of content block: in v2 a sampling answer's content is a text, image or audio block",
    ]);
    expect(errors.every((f) => f.rule === 'sdk-upgrade' && f.suggestion)).toBe(true);
  });

  it('on exactly the lines v2 rejects once the file is upgraded', () => {
    const upgraded = runSdkUpgrade(parseSource(file, LOOSE_V1), { projectType: 'server' }).text;
    const project = strictProject();
    const output = project.createSourceFile(file, upgraded, { overwrite: true });
    const upgradedLines = upgraded.split('\n');
    const rejected = output.getPreEmitDiagnostics().map((d) => upgradedLines[output.getLineAndColumnAtPos(d.getStart()!).line - 1]);
    const originalLines = LOOSE_V1.split('\n');
    expect([...new Set(rejected)].sort()).toEqual(errors.map((f) => originalLines[f.line - 1]).sort());
  });

  it('keep the file on v1 as it was, with a marker above each spot', () => {
    expect(result.upgradeRefused).toBe(true);
    const unmarked = result.output!.split('\n').filter((line) => !line.includes('@mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK'));
    expect(unmarked.join('\n')).toBe(LOOSE_V1);
    expect(result.output!.split('\n').length - LOOSE_V1.split('\n').length).toBe(errors.length);
  });

  it('leaves code that reads and writes only v2 fields alone', () => {
    const clean = LOOSE_V1.replace(', body.params.sessionId', '').replace(", vendor: 'acme'", '').replace(', sampling: {}', '').replace('String(answer.content.text)', 'answer.content.type');
    expect(upgrade(clean).findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('a question the file keeps on v1', () => {
  it('is reported at its line, by what it asks, as not migrated because the file stays on v1', async () => {
    const result = transformSource({ absPath: file, text: LOOSE_V1, transforms: await loadTransforms(), sdkUpgrade: 'auto', sdkProjectType: 'server' });
    expect(result.upgradeRefused).toBe(true);
    expect(result.handlersMigrated).toBe(0);
    // Both tools' questions migrate in the upgraded text; the file keeps them as they were.
    expect(result.findings.filter((f) => f.rule === 'push-request').map((f) => `${f.line}: ${f.message}`)).toEqual([20, 27].map((line) =>
      `${line}: This sampling request is not migrated: the file stays on the v1 SDK (see its sdk-upgrade errors), and its handler can return an input request only on v2`));
    expect(result.output!.split('\n').filter((line) => !line.includes('@mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK')).join('\n')).toBe(LOOSE_V1);
  });
});
