// The rewrites of list handlers whose only v2 type errors are of the types, not the values (see
// handler-results.ts): in a tools/list handler each `zodToJsonSchema(X)` proven to be an object
// schema (zod-json-schema.ts) is asserted as v2's `Tool['inputSchema']`; a list handler whose
// returned literals fit once its return type is declared gets that declaration. The types are
// imported as types from @modelcontextprotocol/server (the file's own import of one when it has
// it, else under a name the file does not use). The values of other handlers' results v2 rejects
// get the fixes of result-value-fixes.ts.
import { importEdits } from '../../step-machine/wire/wiring.js';
import { detectStyle } from '../../ast/text-style.js';
import type { SourceFile } from '../../ts-morph.js';
import type { FindingInput, RuleId, TextEdit } from '../../types.js';
import { importBindings, importSpecifierRemoval } from '../../ast/compiler-nodes.js';
import { identifierTexts, identifiersOf } from '../../ast/identifiers.js';
import { ts } from '../../ts-morph.js';
import { valueFixInserts, type InputSchemaAssertion, type ResultValueFixMade, type ReturnTypeDeclaration } from './handler-results.js';
import { resultPartType } from './result-value-fixes.js';

const SERVER = '@modelcontextprotocol/server';

const WHY: Readonly<Record<InputSchemaAssertion['kind'], string>> = {
  object: 'a zod object schema (ZodObject), which zod-to-json-schema 3.x called with the schema alone always converts to `{ type: "object", … }`',
  effects:
    'a refined, transformed or preprocessed zod object schema (ZodEffects of a ZodObject), which zod-to-json-schema 3.x called with the schema alone ' +
    'converts as its inner object (effectStrategy \'input\'), always `{ type: "object", … }`',
};

/**
 * The edits of the assertions and the declared return types (with one import of the types they
 * name) on `sourceFile`'s text, and one info finding per edit (`pos` in that text).
 */
export function typeFitEdits(
  sourceFile: SourceFile,
  assertions: readonly InputSchemaAssertion[],
  returnTypes: readonly ReturnTypeDeclaration[],
  valueFixes: readonly ResultValueFixMade[],
  rule: RuleId,
): { edits: TextEdit[]; findings: FindingInput[] } {
  if (assertions.length === 0 && returnTypes.length === 0 && valueFixes.length === 0) return { edits: [], findings: [] };
  const text = sourceFile.getFullText();
  const bindings = [...importBindings(sourceFile.compilerNode)];
  const imports = new Set<string>();
  let identifiers: Set<string> | undefined;
  /** The file's own name for a type of the v2 package, else one it does not use (imported). */
  const local = (name: string) => {
    const imported = bindings.find(([, b]) => b.module === SERVER && b.imported === name)?.[0];
    if (imported) return imported;
    identifiers ??= identifierTexts(sourceFile);
    const free = freeName(identifiers, name);
    imports.add(free === name ? `type ${name}` : `type ${name} as ${free}`);
    return free;
  };
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  if (assertions.length > 0) {
    const type = `${local('Tool')}['inputSchema']`;
    for (const a of assertions) {
      edits.push({ start: a.end, end: a.end, text: ` as ${type}` });
      findings.push({
        rule,
        severity: 'info',
        pos: a.start,
        message:
          `\`${text.slice(a.start, a.end)}\` is asserted as \`${type}\`: v2 types a listed tool's input schema as an object schema (\`type: "object"\`), ` +
          `which zod-to-json-schema's return type (any JSON schema) does not say; the schema it is given is ${WHY[a.kind]}`,
        suggestion: 'Nothing to do; if you later pass zodToJsonSchema a name or options (target, effectStrategy \'any\'), check that it still returns an object schema.',
      });
    }
  }
  for (const r of returnTypes) {
    const type = r.async ? `Promise<${local(r.type)}>` : local(r.type);
    edits.push({ start: r.at, end: r.at, text: `: ${type}` });
    findings.push({
      rule,
      severity: 'info',
      pos: r.pos,
      message:
        `the ${r.method} handler's return type is declared as \`${type}\`: the type TypeScript inferred for what it returns does not fit ` +
        `v2's ${r.type} (${r.inferred}); declared, each literal it returns is checked against ${r.type} as written, and fits. No value changes`,
      suggestion: 'Nothing to do.',
    });
  }
  const made = new Set<string>();
  for (const f of valueFixes) {
    // A variable two handlers return is declared once.
    if (made.has(`${f.kind}@${f.start}`)) continue;
    made.add(`${f.kind}@${f.start}`);
    // (`?? undefined` names no type: nothing is imported for it.)
    const root = f.kind === 'null-to-undefined' ? f.type : local(f.type);
    const part = resultPartType(root, f.access);
    edits.push(...valueFixInserts(f, root));
    findings.push({ rule, severity: f.kind === 'assert' ? 'warning' : 'info', pos: f.start, ...valueFixWords(f, text.slice(f.start, f.end), f.promise ? `Promise<${part}>` : part) });
  }
  const added = imports.size > 0 ? importEdits(sourceFile, text, detectStyle(text), imports, '', true) : [];
  edits.push(...added);
  // A retyped return type may have been the only use of what it named (v1's `ServerResult`).
  const retyped = valueFixes.filter((f) => f.kind === 'retype');
  for (const removal of retyped.length > 0 ? unusedAfter(sourceFile, retyped) : []) {
    if (!added.some((e) => e.start <= removal.end && removal.start <= e.end)) edits.push({ ...removal, text: '' });
  }
  return { edits, findings };
}

/** The removals of the named imports used only inside the `replaced` ranges. */
function unusedAfter(sourceFile: SourceFile, replaced: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const file = sourceFile.compilerNode;
  const inside = (id: ts.Node) => replaced.some((r) => id.getStart(file) >= r.start && id.end <= r.end);
  const uses = new Map<string, { inside: number; outside: number }>();
  for (const id of identifiersOf(sourceFile)) {
    if (ts.isImportSpecifier(id.parent)) continue;
    const count = uses.get(id.text) ?? { inside: 0, outside: 0 };
    count[inside(id) ? 'inside' : 'outside']++;
    uses.set(id.text, count);
  }
  const removals: { start: number; end: number }[] = [];
  for (const statement of file.statements) {
    const named = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!named || !ts.isNamedImports(named)) continue;
    // (Of one declaration, one specifier: two removals side by side would overlap at the comma.)
    const unused = named.elements.find((e) => { const u = uses.get(e.name.text); return u !== undefined && u.inside > 0 && u.outside === 0; });
    if (unused) removals.push(importSpecifierRemoval(file, unused));
  }
  return removals;
}

/** What a value fix says: what was done, why it holds, and what is left to the user. */
function valueFixWords(f: ResultValueFixMade, value: string, type: string): { message: string; suggestion: string } {
  const at = f.path ? `\`${f.path}\` of the ${f.method} result` : `the ${f.method} result`;
  if (f.kind === 'declare') {
    return {
      message:
        `\`${value}\` is declared as \`${type}\`: TypeScript inferred \`${f.actual}\` for it, which v2 does not take as ${at} (\`${f.wanted}\`); ` +
        'declared, what is written into it is checked as written, and fits. No value changes',
      suggestion: 'Nothing to do.',
    };
  }
  if (f.kind === 'retype') {
    return {
      message:
        `the return type of ${f.name ? `\`${f.name}\`` : 'this handler'} is declared as \`${type}\` (it was \`${f.value}\`): v2 types the ${f.method} result as ${f.type}, ` +
        'which the declared type does not say; declared so, what it returns is checked against it, and fits. No value changes',
      suggestion: 'Nothing to do.',
    };
  }
  if (f.kind === 'null-to-undefined') {
    return {
      message:
        `\`${value}\` may be null, and v2 types ${at} as \`${f.wanted} | undefined\`: it is now \`${value} ?? undefined\`, so a null is left out ` +
        'of the result (the schemas of 2025-era and 2026-07-28 clients alike reject null there)',
      suggestion: 'Nothing to do.',
    };
  }
  return {
    message:
      `\`${value}\` is asserted as \`${type}\`: its type (\`${f.actual}\`) does not say that it fits ${at}, which v2 types as \`${f.path ? f.wanted : f.type}\`; ` +
      'v1 did not check it (any object passed as a result), and what is sent is unchanged',
    suggestion: `Check that the value always has that shape (a client rejects a result that does not), or give it v2's type where it is built, then remove the assertion.`,
  };
}

/** `name`, or `Mcp<name>`, `Mcp<name>2`, … when an identifier of the file already is the name. */
function freeName(identifiers: ReadonlySet<string>, wanted: string): string {
  const used = (name: string) => identifiers.has(name);
  if (!used(wanted)) return wanted;
  let name = `Mcp${wanted}`;
  for (let n = 2; used(name); n++) name = `Mcp${wanted}${n}`;
  return name;
}
