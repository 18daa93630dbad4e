// Imports the official codemod's map does not know, and imports our other steps emptied:
// - v1 utility modules (mappings.ts UTILITY_MODULES): moved ones point at the v2 package that fits
//   the file; functions with a v2 equivalent are rewritten where they are called, and the import
//   goes when nothing is left of it;
// - v1 schema imports whose every use became a method string are removed;
// - `import { z } from 'zod'` is added when a raw shape was wrapped in a file without zod.
import { ts } from '../../ts-morph.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { isStringLiteralLike, lineStartOf, unwrap, walk } from '../../ast/compiler-nodes.js';
import { isV1Module, V1_PACKAGE } from './mappings.js';
import type { FileFacts } from './facts.js';
import { UTILITY_MODULES } from './mappings.js';
import { V1_UPGRADE_RULE } from './registrations.js';

export function upgradeImports(
  facts: FileFacts,
  removeNames: ReadonlySet<string>,
  options: { addZod: boolean; contextPackage: string },
): { edits: TextEdit[]; findings: FindingInput[] } {
  const { file, text } = facts;
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const remove = new Set(removeNames);
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    if (!isV1Module(module)) continue;
    const utility = UTILITY_MODULES[module.slice(V1_PACKAGE.length + 1).replace(/\.(js|mjs|cjs)$/, '')];
    if (!utility) continue;
    if (utility.target === 'context') {
      const literal = statement.moduleSpecifier;
      edits.push({ start: literal.getStart(file) + 1, end: literal.end - 1, text: options.contextPackage });
      continue;
    }
    for (const name of namedImports(statement)) {
      if (!utility.calls?.includes(name.imported)) continue;
      const rewritten = rewriteUtilityCalls(facts, name.local, name.imported);
      edits.push(...rewritten.edits);
      findings.push(...rewritten.findings);
      if (rewritten.findings.length === 0) remove.add(name.local);
    }
  }
  const removals = removeImportedNames(facts, remove);
  edits.push(...removals);
  if (options.addZod) {
    // After the last import that stays.
    const imports = file.statements.filter(ts.isImportDeclaration).filter((d) => !removals.some((r) => r.start < d.end && d.end <= r.end));
    const last = imports[imports.length - 1];
    const q = facts.style.quote;
    const line = `import { z } from ${q}zod${q}${facts.style.semicolons ? ';' : ''}`;
    if (last) edits.push({ start: last.end, end: last.end, text: `${facts.style.eol}${line}` });
    else {
      const at = text.startsWith('#!') ? text.indexOf('\n') + 1 : 0;
      edits.push({ start: at, end: at, text: `${line}${facts.style.eol}` });
    }
  }
  return { edits, findings };
}

function namedImports(statement: ts.ImportDeclaration): { local: string; imported: string }[] {
  const named = statement.importClause?.namedBindings;
  if (!named || !ts.isNamedImports(named)) return [];
  return named.elements.map((e) => ({ local: e.name.text, imported: (e.propertyName ?? e.name).text }));
}

/**
 * `toJsonSchemaCompat(schema, { pipeStrategy, target })` → the schema's own Standard JSON Schema
 * converter (`schema['~standard'].jsonSchema.input({ target: 'draft-07' })`): what v1 did for zod 4
 * schemas, and what every v2 schema offers.
 */
function rewriteUtilityCalls(facts: FileFacts, local: string, imported: string): { edits: TextEdit[]; findings: FindingInput[] } {
  const { file } = facts;
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  walk(file, (node) => {
    if (ts.isImportDeclaration(node)) return false;
    if (!ts.isIdentifier(node) || node.text !== local) return;
    const call = node.parent;
    if (imported !== 'toJsonSchemaCompat' || !ts.isCallExpression(call) || call.expression !== node) {
      findings.push(utilityFinding(facts, node, `${local} (from ${V1_PACKAGE}/server/zod-json-schema-compat.js) is used in a way the upgrade cannot rewrite`));
      return;
    }
    const options = conversionOptions(call.arguments[1]);
    const [schema] = call.arguments;
    if (!schema || !options) {
      findings.push(utilityFinding(facts, call, `${call.getText(file).slice(0, 60)}: its options are not literal, so the JSON Schema it asks for cannot be read`));
      return;
    }
    const value = withoutNeverCast(schema);
    // The schema becomes the receiver of a member access: anything but a name, member or call
    // needs parentheses (`schema as ZodType` would otherwise cast the whole chain).
    const target = ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value) || ts.isCallExpression(value) || ts.isParenthesizedExpression(value) ? value.getText(file) : `(${value.getText(file)})`;
    const q = facts.style.quote;
    edits.push({ start: call.getStart(file), end: call.end, text: `${target}[${q}~standard${q}].jsonSchema.${options.io}({ target: ${q}${options.target}${q} })` });
  });
  return { edits, findings };
}

/**
 * `schema as never` (parentheses aside) → `schema`: the cast only bridged v1's parameter type, and
 * on `never` the converter chain would not typecheck. Other casts are kept.
 */
function withoutNeverCast(schema: ts.Expression): ts.Expression {
  let value = schema;
  while (ts.isParenthesizedExpression(value)) value = value.expression;
  if ((ts.isAsExpression(value) || ts.isTypeAssertionExpression(value)) && value.type.kind === ts.SyntaxKind.NeverKeyword) return value.expression;
  return schema;
}

function utilityFinding(facts: FileFacts, node: ts.Node, message: string): FindingInput {
  return {
    rule: V1_UPGRADE_RULE,
    severity: 'error',
    pos: node.getStart(facts.file),
    message: `${message}; the import stays on ${V1_PACKAGE}, which v2 replaces`,
    suggestion: "Convert with the schema's Standard JSON Schema interface instead: schema['~standard'].jsonSchema.input({ target: 'draft-07' }).",
  };
}

/** v1's defaults: input side, draft-07 (`jsonSchema2019-09` / `draft-2020-12` ask for 2020-12). */
function conversionOptions(arg: ts.Expression | undefined): { io: 'input' | 'output'; target: string } | undefined {
  const result = { io: 'input' as 'input' | 'output', target: 'draft-07' };
  if (!arg) return result;
  const object = unwrap(arg);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  for (const prop of object.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) return undefined;
    const value = unwrap(prop.initializer);
    const literal = isStringLiteralLike(value) ? value.text : value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword ? 'boolean' : undefined;
    if (literal === undefined) return undefined;
    if (prop.name.text === 'pipeStrategy') result.io = literal === 'output' ? 'output' : 'input';
    else if (prop.name.text === 'target') result.target = /2019|2020/.test(literal) ? 'draft-2020-12' : 'draft-07';
  }
  return result;
}

/** Edits that take `names` out of the file's import declarations (a declaration left empty goes). */
function removeImportedNames(facts: FileFacts, names: ReadonlySet<string>): TextEdit[] {
  const { file, text } = facts;
  const edits: TextEdit[] = [];
  if (names.size === 0) return edits;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const clause = statement.importClause;
    const named = clause?.namedBindings;
    if (!clause || !named || !ts.isNamedImports(named)) continue;
    const gone = named.elements.filter((e) => names.has(e.name.text));
    if (gone.length === 0) continue;
    if (gone.length === named.elements.length && !clause.name) {
      // The whole statement, with its line when it has one to itself.
      const start = statement.getStart(file);
      const lineStart = lineStartOf(text, start);
      const ownLine = text.slice(lineStart, start).trim() === '';
      const newline = text.indexOf('\n', statement.end);
      const restOfLine = newline === -1 ? text.slice(statement.end) : text.slice(statement.end, newline);
      if (ownLine && restOfLine.trim() === '') edits.push({ start: lineStart, end: newline === -1 ? text.length : newline + 1, text: '' });
      else edits.push({ start, end: statement.end, text: '' });
      continue;
    }
    // Each run of removed names goes up to the next kept name (its comma and the layout before
    // that name with it); a run at the end takes the comma before it instead.
    const elements = named.elements;
    for (let i = 0; i < elements.length; i++) {
      if (!names.has(elements[i].name.text)) continue;
      let j = i;
      while (j + 1 < elements.length && names.has(elements[j + 1].name.text)) j++;
      if (j + 1 < elements.length) edits.push({ start: elements[i].getStart(file), end: elements[j + 1].getStart(file), text: '' });
      else if (i > 0) edits.push({ start: elements[i - 1].end, end: elements[j].end, text: '' });
      else edits.push({ start: elements[i].getStart(file), end: elements[j].end, text: '' });
      i = j;
    }
  }
  return edits;
}
