// renameV1Symbols (src/upgrade/v1/symbols.ts) against the official `symbols` transform it stands in
// for: on each source, after the official `imports` transform, the official transform alone and
// ours followed by the official one must leave the same text and the same diagnostics; shapes ours
// declines must leave the file untouched. And in the pipeline, where it waits for diagnostics
// that follow a node.
import { createRequire } from 'node:module';
import type * as OfficialCodemod from '@modelcontextprotocol/codemod';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/parse.js';
import { runSdkUpgrade } from '../src/upgrade/sdk-upgrade.js';
import { Project } from '../src/ts-morph.js';
import { renameV1Symbols } from '../src/upgrade/v1/symbols.js';

const official = createRequire(import.meta.url)('@modelcontextprotocol/codemod') as typeof OfficialCodemod;
const transforms = official.getMigration('v1-to-v2')!.transforms;
const byId = (id: string) => transforms.find((t) => t.id === id)!;

function afterImports(text: string) {
  const project = new Project({ useInMemoryFileSystem: true });
  const sourceFile = project.createSourceFile('/src/server.ts', text);
  byId('imports').apply(sourceFile, { projectType: 'server' });
  return sourceFile;
}

function outcome(sourceFile: ReturnType<typeof afterImports>, diagnostics: OfficialCodemod.Diagnostic[]) {
  return { text: sourceFile.getFullText(), diagnostics: diagnostics.map((d) => `${d.level} ${d.line}: ${d.message}`) };
}

function both(text: string) {
  const theirs = afterImports(text);
  const theirResult = byId('symbols').apply(theirs, { projectType: 'server' });
  const ours = afterImports(text);
  const before = ours.getFullText();
  const renamed = renameV1Symbols(ours);
  const rest = byId('symbols').apply(ours, { projectType: 'server' });
  return { before, renamed, theirs: outcome(theirs, theirResult.diagnostics), ours: outcome(ours, [...(renamed?.diagnostics ?? []), ...rest.diagnostics]), rest, oursFile: ours };
}

const HANDLED: Record<string, string> = {
  'McpError and ErrorCode in one import, in throws, guards, types and keys': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'x', version: '1' });
const errors = { McpError, code: ErrorCode.InternalError };
const keys = { McpError: 1 };
enum Kinds { McpError = 1 }
class Holder { McpError = 2; get ResourceReference() { return 1; } }
let failure: McpError | undefined;
function check(e: unknown): e is McpError {
  return e instanceof McpError && (e.code === ErrorCode.InvalidParams || e.code === ErrorCode.MethodNotFound);
}
server.tool('t', async () => {
  try {
    throw new McpError(ErrorCode.InvalidRequest, 'no');
  } catch (e) {
    if (e instanceof McpError) failure = e;
    switch ((e as McpError).code) {
      case ErrorCode.InvalidParams: return { content: [] };
    }
    throw errors.McpError;
  }
});
export { check, failure, keys, Kinds, Holder };
`,
  'aliased imports rename the import only': `import { ErrorCode as Codes, McpError as E, JSONRPCError } from '@modelcontextprotocol/sdk/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

export function fail(): never {
  throw new E(Codes.InvalidParams, 'bad');
}
export function isError(m: JSONRPCError): boolean {
  return m.error.code === Codes.ParseError;
}
export const s = new Server({ name: 'x', version: '1' }, { capabilities: {} });
`,
  'ErrorCode alone in its import (the declaration goes, ProtocolErrorCode joins the server import)': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export const code = ErrorCode.InvalidParams;
export const server = new McpServer({ name: 'x', version: '1' });
`,
  'only ErrorCode, no other v2 import (a new import declaration)': `import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export const code = ErrorCode.InvalidParams;
`,
  'the other renamed exports, type-only imports among them': `import type { JSONRPCResponse, ResourceReference } from '@modelcontextprotocol/sdk/types.js';
import { isJSONRPCError, isJSONRPCResponse, JSONRPCErrorSchema, JSONRPCResponseSchema, ResourceReferenceSchema } from '@modelcontextprotocol/sdk/types.js';

export function read(m: unknown): JSONRPCResponse | ResourceReference | undefined {
  if (isJSONRPCError(m)) return undefined;
  if (isJSONRPCResponse(m)) return JSONRPCResponseSchema.parse(m) as JSONRPCResponse;
  JSONRPCErrorSchema.parse(m);
  return ResourceReferenceSchema.parse(m) as ResourceReference;
}
`,
  'with what is left to the official transform (RequestHandlerExtra, a dynamic import)': `import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export async function handle(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): Promise<void> {
  const { JSONRPCError } = await import('@modelcontextprotocol/sdk/types.js');
  if (!extra.sessionId) throw new McpError(ErrorCode.InvalidRequest, String(JSONRPCError));
}
`,
};

const DECLINED: Record<string, string> = {
  'an SDK-local ErrorCode member (moves code to SdkError)': `import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export function timedOut(e: unknown): boolean {
  return e instanceof McpError && e.code === ErrorCode.RequestTimeout;
}
`,
  'an ErrorCode import no member is read from': `import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export const codes = Object.values(ErrorCode);
export const E = McpError;
`,
  'a renamed name re-exported': `import { McpError } from '@modelcontextprotocol/sdk/types.js';

export { McpError };
`,
  'a shorthand property with a default in a destructuring assignment': `import { McpError } from '@modelcontextprotocol/sdk/types.js';

let x: unknown;
({ McpError = x } = {} as { McpError?: unknown });
export { x };
`,
};

describe('renameV1Symbols against the official symbols transform', () => {
  for (const [name, text] of Object.entries(HANDLED)) {
    it(`same outcome: ${name}`, () => {
      const { renamed, theirs, ours } = both(text);
      expect(renamed).toBeDefined();
      expect(renamed!.changes).toBeGreaterThan(0);
      expect(ours).toEqual(theirs);
      expect(ours.text).not.toEqual(text);
    });
  }

  for (const [name, text] of Object.entries(DECLINED)) {
    it(`declines, leaving the file as it was: ${name}`, () => {
      const { before, renamed, theirs, ours, oursFile } = both(text);
      expect(renamed).toBeUndefined();
      expect(ours).toEqual(theirs);
      // Declining left the file alone, so the official transform did all the work.
      oursFile.replaceWithText(before);
      expect(renameV1Symbols(oursFile)).toBeUndefined();
      expect(oursFile.getFullText()).toBe(before);
    });
  }

  it('leaves nothing of its renames to the official transform', () => {
    const { rest } = both(HANDLED['McpError and ErrorCode in one import, in throws, guards, types and keys']);
    expect(rest.changesCount).toBe(0);
    expect(rest.diagnostics).toEqual([]);
  });

  it('a file without the renamed names is not touched', () => {
    const sourceFile = afterImports(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const McpError = 1;\n`);
    const before = sourceFile.getFullText();
    expect(renameV1Symbols(sourceFile)).toBeUndefined();
    expect(sourceFile.getFullText()).toBe(before);
  });
});

describe('renameV1Symbols in the upgrade pipeline', () => {
  it('waits while a diagnostic of the imports transform follows its node: the marker keeps its line', () => {
    const text = `import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export function auth(verifier: never) {
  if (!verifier) throw new McpError(ErrorCode.InvalidParams, 'no verifier');

  const middleware = requireBearerAuth({ verifier });
  return middleware;
}
`;
    const result = runSdkUpgrade(parseSource('/work/tmp/v1-symbols/server.ts', text));
    expect(result.text).toContain('throw new ProtocolError(ProtocolErrorCode.InvalidParams');
    const marked = result.findings.filter((f) => f.marker && f.message.startsWith('requireBearerAuth'));
    expect(marked).toHaveLength(1);
    expect(text.slice(marked[0].pos)).toMatch(/^const middleware = requireBearerAuth/);
  });
});
