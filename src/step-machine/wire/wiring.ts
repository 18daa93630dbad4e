// File-level edits around migrated handlers: the imports they need, and the requestState verify
// hook in the server construction (without it the state module verifies inside the handler, and says so).
import { Node, SyntaxKind, visitedOfKinds, type ImportDeclaration, type ImportSpecifier, type NewExpression, type ObjectLiteralExpression, type SourceFile } from '../../ts-morph.js';
import { removalRange } from '../../ast/removal.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { TextEdit } from '../../types.js';
import { indentationAt, lineEndAfter, lineStartOf } from '../../ast/text.js';

const SDK = '@modelcontextprotocol/server';
const STATE_MODULE_NAMES = ['mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities'];

/** Adds the SDK names (`inputRequired`, `type X`) and the state-module names the code now uses. */
export function importEdits(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  uses: Set<string>,
  stateSpecifier: string,
  typescript: boolean,
  unused: ReadonlySet<string> = new Set(),
): TextEdit[] {
  const { eol, quote, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const edits: TextEdit[] = [];
  const sdkNames = [...uses].filter((n) => !STATE_MODULE_NAMES.includes(n)).filter((n) => typescript || !n.startsWith('type '));
  const stateNames = STATE_MODULE_NAMES.filter((n) => uses.has(n));
  const imports = sourceFile.getImportDeclarations();
  const sdkImports = imports.filter((d) => d.getModuleSpecifierValue() === SDK && d.getNamedImports().length > 0);
  // A value import takes new names; failing that, a type-only one is turned into `import { type … }`.
  const existing = sdkImports.find((d) => !d.isTypeOnly()) ?? (typescript ? sdkImports.find((d) => d.isTypeOnly()) : undefined);
  const lastImport = imports[imports.length - 1];
  let newLines = '';
  if (existing) {
    // A name another import of the SDK already brings (`import type { ElicitResult } …` beside it,
    // or `ServerContext as Context` under its local name) is not imported twice.
    const present = new Set(sdkImports.flatMap((d) => d.getNamedImports().flatMap((s) => [s.getName(), s.getAliasNode()?.getText() ?? s.getName()])));
    const missing = sdkNames.filter((n) => !present.has(n.replace(/^type /, '')));
    const named = existing.getNamedImports();
    const toRemove = named.filter((spec) => unused.has((spec.getAliasNode() ?? spec.getNameNode()).getText()));
    const braces = named[0].getParentOrThrow();
    if ((missing.length > 0 || toRemove.length > 0 || existing.isTypeOnly()) && !braces.getText().includes('\n')) {
      // Rebuild a one-line specifier list: kept names, then the new ones.
      const kept = named.filter((spec) => !toRemove.includes(spec)).map((spec) =>
        existing.isTypeOnly() && !spec.isTypeOnly() ? `type ${spec.getText()}` : spec.getText());
      const all = [...kept, ...missing];
      if (existing.isTypeOnly()) {
        const typeKeyword = existing.getImportClause()?.getFirstChildByKind(SyntaxKind.TypeKeyword);
        if (typeKeyword) edits.push({ start: typeKeyword.getStart(), end: typeKeyword.getEnd() + 1, text: '' });
      }
      if (all.length === 0) {
        edits.push({ start: lineStartOf(text, existing.getStart()), end: lineEndAfter(text, existing.getEnd()), text: '' });
      } else {
        edits.push({ start: braces.getStart(), end: braces.getEnd(), text: `{ ${all.join(', ')} }` });
      }
    } else if (missing.length > 0 || toRemove.length > 0 || existing.isTypeOnly()) {
      edits.push(...multilineSpecifierEdits(existing, named, toRemove, missing, text));
    }
  } else if (sdkNames.length > 0) {
    newLines += `import { ${sdkNames.join(', ')} } from ${quote}${SDK}${quote}${semi}${eol}`;
  }
  const stateImport = imports.find((d) => d.getModuleSpecifierValue() === stateSpecifier);
  if (stateImport) {
    const present = new Set(stateImport.getNamedImports().map((s) => s.getName()));
    const missing = stateNames.filter((n) => !present.has(n));
    const specifiers = stateImport.getNamedImports();
    if (missing.length > 0 && specifiers.length > 0) {
      const last = specifiers[specifiers.length - 1];
      edits.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${missing.join(', ')}` });
    }
  } else if (stateNames.length > 0) {
    newLines += `import { ${stateNames.join(', ')} } from ${quote}${stateSpecifier}${quote}${semi}${eol}`;
  }
  if (newLines) {
    const at = lastImport ? lineEndAfter(text, lastImport.getEnd()) : firstCodeLine(sourceFile, text);
    edits.push({ start: at, end: at, text: newLines });
  }
  return edits;
}

/**
 * The same change in a specifier list written over several lines, as minimal edits that keep its
 * layout and comments: names removed with their separator, new names after the last kept one.
 */
function multilineSpecifierEdits(
  existing: ImportDeclaration,
  named: ImportSpecifier[],
  toRemove: ImportSpecifier[],
  missing: string[],
  text: string,
): TextEdit[] {
  const edits: TextEdit[] = [];
  const kept = named.filter((spec) => !toRemove.includes(spec));
  if (kept.length === 0 && missing.length === 0) return [{ ...removalRange(text, existing), text: '' }];
  if (existing.isTypeOnly()) {
    // `import type {` → `import {`, each kept name keeping its type-only meaning.
    const typeKeyword = existing.getImportClause()?.getFirstChildByKind(SyntaxKind.TypeKeyword);
    if (typeKeyword) edits.push({ start: typeKeyword.getStart(), end: typeKeyword.getEnd() + 1, text: '' });
    for (const spec of kept) if (!spec.isTypeOnly()) edits.push({ start: spec.getStart(), end: spec.getStart(), text: 'type ' });
  }
  const added = missing.join(', ');
  const lastKept = kept[kept.length - 1];
  // Removed names followed by a kept one go with their own separator; a removed tail goes from the
  // end of the last kept name (its comma with it), and the new names take its place.
  const tail = lastKept ? named.indexOf(lastKept) + 1 : 0;
  for (const spec of toRemove) {
    const index = named.indexOf(spec);
    if (index < tail) edits.push({ start: spec.getStart(), end: named[index + 1].getStart(), text: '' });
  }
  const last = named[named.length - 1];
  if (!lastKept) edits.push({ start: named[0].getStart(), end: last.getEnd(), text: added });
  else if (tail < named.length) edits.push({ start: lastKept.getEnd(), end: last.getEnd(), text: added ? `, ${added}` : '' });
  else if (added) edits.push({ start: lastKept.getEnd(), end: lastKept.getEnd(), text: `, ${added}` });
  return edits;
}

/**
 * After a shebang and the file's header comments: where a first import goes. Comments with no
 * blank line between them and the first statement are its own (`/** … *\/ export interface`) and
 * stay with it.
 */
function firstCodeLine(sourceFile: SourceFile, text: string): number {
  const first = sourceFile.getStatements()[0];
  if (!first) return text.length;
  let at = first.getStart();
  for (const comment of [...first.getLeadingCommentRanges()].reverse()) {
    if (/\n[ \t]*\r?\n/.test(text.slice(comment.getEnd(), at))) break;
    at = comment.getPos();
  }
  return lineStartOf(text, at);
}

/**
 * `new McpServer(info)` → `new McpServer(info, { requestState: { verify: mrtrState.verify } })`,
 * and the same property added to an options literal. `missing` says why nothing could be wired.
 */
export function wireVerifyHook(sourceFile: SourceFile, text: string, style: TextStyle): { edits: TextEdit[]; missing?: string } {
  const edits: TextEdit[] = [];
  const hook = 'requestState: { verify: mrtrState.verify }';
  let found = 0;
  let unreachable = 0;
  // Only the constructions are wrapped, in forEachDescendant's order.
  for (const node of visitedOfKinds<NewExpression>(sourceFile, [SyntaxKind.NewExpression])) {
    const name = node.getExpression().getText();
    if (name !== 'McpServer' && name !== 'Server') continue;
    found++;
    const args = node.getArguments();
    if (args.length === 0) {
      unreachable++;
      continue;
    }
    if (args.length === 1) {
      edits.push({ start: args[0].getEnd(), end: args[0].getEnd(), text: `, { ${hook} }` });
      continue;
    }
    const options = args[1];
    if (!Node.isObjectLiteralExpression(options)) {
      unreachable++;
      continue;
    }
    if (options.getProperty('requestState')) continue;
    edits.push(insertFirstProperty(options, hook, text, style));
  }
  if (found === 0) return { edits, missing: 'no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)' };
  if (unreachable > 0) return { edits, missing: 'a server is constructed with options that are not an object literal: the requestState verify hook could not be added' };
  return { edits };
}

function insertFirstProperty(options: ObjectLiteralExpression, property: string, text: string, style: TextStyle): TextEdit {
  const props = options.getProperties();
  const open = options.getStart() + 1;
  if (props.length === 0) return { start: open, end: options.getEnd() - 1, text: ` ${property} ` };
  const first = props[0];
  const multiline = text.slice(open, first.getStart()).includes('\n');
  if (multiline) {
    const indent = indentationAt(text, first.getStart());
    return { start: first.getStart(), end: first.getStart(), text: `${property},${style.eol}${indent}` };
  }
  return { start: first.getStart(), end: first.getStart(), text: `${property}, ` };
}
