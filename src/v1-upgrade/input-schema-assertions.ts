// The rewrite of a tools/list handler whose only v2 type errors are input schemas proven to be
// objects (see handler-results.ts, zod-json-schema.ts): each `zodToJsonSchema(X)` is asserted as
// v2's `Tool['inputSchema']`, with `Tool` imported as a type from @modelcontextprotocol/server
// (the file's own import of it when it has one, else under a name the file does not use).
import { importEdits } from '../step-machine/wiring.js';
import { detectStyle } from '../text-style.js';
import type { SourceFile } from '../ts-morph.js';
import type { FindingInput, TextEdit } from '../types.js';
import { importBindings } from './ast.js';
import type { InputSchemaAssertion } from './handler-results.js';

const SERVER = '@modelcontextprotocol/server';

const WHY: Readonly<Record<InputSchemaAssertion['kind'], string>> = {
  object: 'a zod object schema (ZodObject), which zod-to-json-schema 3.x called with the schema alone always converts to `{ type: "object", … }`',
  effects:
    'a refined, transformed or preprocessed zod object schema (ZodEffects of a ZodObject), which zod-to-json-schema 3.x called with the schema alone ' +
    'converts as its inner object (effectStrategy \'input\'), always `{ type: "object", … }`',
};

/** The edits of the assertions (and the type import) on `sourceFile`'s text, and one info finding per assertion (`pos` in that text). */
export function inputSchemaAssertionEdits(
  sourceFile: SourceFile,
  assertions: readonly InputSchemaAssertion[],
  rule: string,
): { edits: TextEdit[]; findings: FindingInput[] } {
  if (assertions.length === 0) return { edits: [], findings: [] };
  const text = sourceFile.getFullText();
  const imported = [...importBindings(sourceFile.compilerNode)].find(([, b]) => b.module === SERVER && b.imported === 'Tool')?.[0];
  const local = imported ?? freeName(text);
  const type = `${local}['inputSchema']`;
  const edits: TextEdit[] = assertions.map((a) => ({ start: a.end, end: a.end, text: ` as ${type}` }));
  if (!imported) {
    edits.push(...importEdits(sourceFile, text, detectStyle(text), new Set([local === 'Tool' ? 'type Tool' : `type Tool as ${local}`]), '', true));
  }
  const findings = assertions.map((a): FindingInput => ({
    rule,
    severity: 'info',
    pos: a.start,
    message:
      `\`${text.slice(a.start, a.end)}\` is asserted as \`${type}\`: v2 types a listed tool's input schema as an object schema (\`type: "object"\`), ` +
      `which zod-to-json-schema's return type (any JSON schema) does not say; the schema it is given is ${WHY[a.kind]}`,
    suggestion: 'Nothing to do; if you later pass zodToJsonSchema a name or options (target, effectStrategy \'any\'), check that it still returns an object schema.',
  }));
  return { edits, findings };
}

/** `Tool`, or `McpTool`, `McpTool2`, … when the file already uses the name. */
function freeName(text: string): string {
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
  if (!used('Tool')) return 'Tool';
  let name = 'McpTool';
  for (let n = 2; used(name); n++) name = `McpTool${n}`;
  return name;
}
