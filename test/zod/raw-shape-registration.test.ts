// A variable declared as zod's `ZodRawShape` handed to a v2 registration: under zod 4 that type is a
// shape of core `$ZodType`s, which neither of v2's registerTool forms accepts. The zod follow-up
// reports each such use where it stands (an error), and the lines it reports are exactly the lines
// the compiler rejects against @modelcontextprotocol/server 2.x and zod 4; the suggested
// `z.object(shape)` typechecks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { lineAndColumn } from '../../src/ast/edits.js';
import { upgradeZod3 } from '../../src/upgrade/zod-upgrade.js';
import { strictProject } from '../helpers/strict-project.js';

const here = fileURLToPath(new URL('.', import.meta.url));

const TEXT = `import { McpServer } from '@modelcontextprotocol/server';
import { z, type ZodObject, type ZodRawShape } from 'zod';

function shapeOf(schema: ZodObject<ZodRawShape>): ZodRawShape | undefined {
  return schema.shape;
}

const Query = z.object({ q: z.string() });

export function register(server: McpServer, schema: ZodObject<ZodRawShape>): void {
  const shape = shapeOf(Query);
  if (!shape) throw new Error('no shape');
  const declared: z.ZodRawShape = Query.shape;
  const literal = { q: z.string() };
  server.registerTool('search', { inputSchema: shape }, async () => ({ content: [] }));
  server.registerTool('find', { description: 'Finds', inputSchema: declared }, async () => ({ content: [] }));
  server.registerTool('look', { inputSchema: literal }, async () => ({ content: [] }));
  server.registerTool('seek', { inputSchema: z.object(shape) }, async () => ({ content: [] }));
  server.registerTool('scan', { inputSchema: schema }, async () => ({ content: [] }));
}
`;

const lineOf = (needle: string) => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a variable declared ZodRawShape in a v2 registration', () => {
  const findings = upgradeZod3(ts.createSourceFile('register.ts', TEXT, ts.ScriptTarget.Latest, true)).findings;

  it('is reported where it stands, with what to pass instead', () => {
    expect(findings.map((f) => lineAndColumn(TEXT, f.pos).line)).toEqual([lineOf("'search'"), lineOf("'find'")]);
    expect(findings[0]).toMatchObject({ rule: 'zod-upgrade', severity: 'error' });
    expect(findings[0].message).toContain("`shape` is declared as zod's `ZodRawShape`, which under zod 4 is a shape of core `$ZodType`s: neither form of v2's `registerTool` takes it");
    expect(findings[0].suggestion).toContain('`z.object(shape)`');
  });

  it('on exactly the lines the compiler rejects against the v2 SDK and zod 4', () => {
    const project = strictProject({ types: [] });
    const source = project.createSourceFile(path.join(here, 'raw-shape-case.ts'), TEXT, { overwrite: true });
    const rejected = source.getPreEmitDiagnostics().map((d) => source.getLineAndColumnAtPos(d.getStart() ?? 0).line);
    expect([...new Set(rejected)].sort((a, b) => a - b)).toEqual([lineOf("'search'"), lineOf("'find'")]);
  });
});

// The same variable handed to a registerTool of the file's own (a catalog constructed here, not the
// SDK's McpServer) is no v2 registration: nothing is reported, and the file compiles as it is.
const OWN = `import { z, type ZodRawShape } from 'zod';

class Catalog {
  readonly shapes = new Map<string, ZodRawShape>();
  registerTool(name: string, config: { inputSchema: ZodRawShape }, describe: () => string): string {
    this.shapes.set(name, config.inputSchema);
    return describe();
  }
}

const catalog = new Catalog();
const declared: ZodRawShape = { q: z.string() };
catalog.registerTool('search', { inputSchema: declared }, () => 'searches');
`;

describe("a variable declared ZodRawShape given to a registerTool of the file's own", () => {
  it('is not reported', () => {
    expect(upgradeZod3(ts.createSourceFile('catalog.ts', OWN, ts.ScriptTarget.Latest, true)).findings).toEqual([]);
  });

  it('compiles against zod 4 as it is', () => {
    const project = strictProject({ types: [] });
    const source = project.createSourceFile(path.join(here, 'raw-shape-own-case.ts'), OWN, { overwrite: true });
    expect(source.getPreEmitDiagnostics().map((d) => d.getMessageText())).toEqual([]);
  });
});
