// The official v1 → v2 surface upgrade, composed into our pipeline: the transforms of
// `@modelcontextprotocol/codemod` (`getMigration('v1-to-v2').transforms`, pinned in package.json)
// run on the engine's own parse of a file, before our transforms. Their diagnostics become
// `sdk-upgrade` findings with the message kept. What we add around them, and nothing more:
// the shebang, BOM, line endings and import quote style of the file are kept, and registration
// callbacks the codemod re-indented while it rewrote `.tool(...)` into `.registerTool(...)` get
// their indentation back. Pure apart from `detectProjectType`, which reads package.json files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getMigration, type Diagnostic, type TransformContext as OfficialContext } from '@modelcontextprotocol/codemod';
import { diffLines } from 'diff';
import { insideLiteralToken } from './literal-tokens.js';
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import { detectStyle } from './text-style.js';
import type { FindingInput, Severity, TextEdit } from './types.js';

export type SdkUpgradeMode = 'auto' | 'always' | 'never';
export type ProjectType = OfficialContext['projectType'];

export const SDK_UPGRADE_MODES: readonly SdkUpgradeMode[] = ['auto', 'always', 'never'];

/** The rule id every finding of this step carries. */
export const SDK_UPGRADE_RULE = 'sdk-upgrade';

/** The marker the official codemod writes into code (`/* @mcp-codemod-error … *\/`). */
export const OFFICIAL_MARKER = '@mcp-codemod-error';

const V1_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\b(?:vi|jest)\s*\.\s*\w+\s*\(\s*)['"`]@modelcontextprotocol\/sdk(?:\/[^'"`]*)?['"`]/;

/** The file imports, requires or mocks `@modelcontextprotocol/sdk` (any subpath). */
export function importsV1Sdk(text: string): boolean {
  return V1_SPECIFIER.test(text);
}

/** Whether the upgrade runs on a file in this mode. */
export function wantsSdkUpgrade(mode: SdkUpgradeMode | undefined, text: string): boolean {
  if (mode === 'always') return true;
  if (mode === 'auto') return importsV1Sdk(text);
  return false;
}

export interface SdkUpgradeOptions {
  /**
   * What the official transforms use to pick `@modelcontextprotocol/server` or `/client` for
   * imports that do not say (shared types). Default: inferred from this file's own v1 imports.
   */
  projectType?: ProjectType;
}

export interface UpgradeFinding extends FindingInput {
  against: 'original' | 'upgraded';
}

export interface SdkUpgradeResult {
  /** The upgraded text (the input when nothing changed). */
  text: string;
  changed: boolean;
  /** Line-granular edits from the input to `text`, for mapping positions back and forth. */
  edits: TextEdit[];
  /**
   * Findings. `pos` is an offset into the upgraded text for the action-required spots (the
   * official runner re-reads their line after every transform ran), and into the ORIGINAL text
   * for the rest (reported while the file was still mostly as written).
   */
  findings: UpgradeFinding[];
  /** The official transform threw: the file is left as it was and one error finding says why. */
  failed?: boolean;
}

/**
 * Runs the official v1-to-v2 transforms on `sourceFile` (which they edit in place) and returns the
 * new text. The caller owns the source file; afterwards it holds the upgraded text, or the
 * original when a transform threw.
 */
export function runSdkUpgrade(sourceFile: SourceFile, options: SdkUpgradeOptions = {}): SdkUpgradeResult {
  const migration = getMigration('v1-to-v2');
  if (!migration) throw new Error('@modelcontextprotocol/codemod has no v1-to-v2 migration');
  const original = sourceFile.getFullText();
  const context: OfficialContext = { projectType: options.projectType ?? projectTypeOfFile(original) };
  const diagnostics: Diagnostic[] = [];
  let changes = 0;
  try {
    for (const transform of migration.transforms) {
      const result = transform.apply(sourceFile, context);
      changes += result.changesCount;
      diagnostics.push(...result.diagnostics);
    }
  } catch (error) {
    sourceFile.replaceWithText(original);
    const message = `Transform failed: ${error instanceof Error ? error.message : String(error)}`;
    return {
      text: original,
      changed: false,
      edits: [],
      findings: [{ rule: SDK_UPGRADE_RULE, severity: 'error', pos: 0, message, marker: false, against: 'original' }],
      failed: true,
    };
  }
  // As the official runner does: advisories are dropped for files no transform changed, and the
  // lines of action-required spots are read after every transform ran.
  const kept = changes === 0 ? diagnostics.filter((d) => !d.advisoryOnly) : diagnostics;
  const lines = kept.map((d) => {
    if (d.resolveCurrentLine) {
      try {
        return { diagnostic: d, line: d.resolveCurrentLine(), against: 'upgraded' as const };
      } catch {
        return { diagnostic: d, line: d.line, lost: true, against: 'original' as const };
      }
    }
    return { diagnostic: d, line: d.line, against: 'original' as const };
  });

  let text = sourceFile.getFullText();
  if (changes > 0 && text !== original) text = restoreFileConventions(original, text, sourceFile);
  const changed = text !== original;
  const edits = changed ? lineEdits(original, text) : [];
  const findings: UpgradeFinding[] = [];
  const seen = new Set<string>();
  for (const { diagnostic, line, lost, against } of lines) {
    const pos = lineStartOffset(against === 'upgraded' ? text : original, line);
    const key = `${pos}\0${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      rule: SDK_UPGRADE_RULE,
      severity: severityOf(diagnostic),
      pos,
      message: diagnostic.message,
      // The official codemod writes a marker only for its action-required spots; so do we (in our
      // own marker format, so a re-run never writes it twice).
      marker: diagnostic.insertComment === true && !lost,
      against,
    });
  }
  return { text, changed, edits, findings };
}

/**
 * `/* @mcp-codemod-error … *\/` comments already in a file (left by an earlier run of the official
 * codemod): each becomes an `sdk-upgrade` finding, without a second marker.
 */
export function officialMarkerFindings(text: string): FindingInput[] {
  if (!text.includes(OFFICIAL_MARKER)) return [];
  const findings: FindingInput[] = [];
  const pattern = /\/\*\s*@mcp-codemod-error\s+([\s\S]*?)\s*\*\//g;
  for (const match of text.matchAll(pattern)) {
    findings.push({
      rule: SDK_UPGRADE_RULE,
      severity: 'warning',
      pos: match.index,
      message: match[1].replace(/\s+/g, ' '),
      marker: false,
    });
  }
  return findings;
}

function severityOf(d: Diagnostic): Severity {
  if (d.level === 'error') return 'error';
  if (d.level === 'warning' || d.category === 'v2-gap') return 'warning';
  return 'info';
}

/** client / server / both from the file's own v1 subpath imports; 'unknown' when they do not say. */
export function projectTypeOfFile(text: string): ProjectType {
  const client = /['"`]@modelcontextprotocol\/sdk\/client(?:\/|['"`])/.test(text);
  const server = /['"`]@modelcontextprotocol\/sdk\/server(?:\/|['"`])/.test(text);
  return client && server ? 'both' : client ? 'client' : server ? 'server' : 'unknown';
}

/**
 * The project type of a package, the way the official runner decides it: v2 packages already in
 * its package.json, else the v1 subpaths its sources import (bounded scan). Reads the disk; meant
 * for the runner, once per package.
 */
export function detectProjectType(packageRoot: string): ProjectType {
  try {
    const json = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const deps = { ...json.dependencies, ...json.devDependencies };
    const client = '@modelcontextprotocol/client' in deps;
    const server = '@modelcontextprotocol/server' in deps;
    if (client && server) return 'both';
    if (client) return 'client';
    if (server) return 'server';
  } catch {
    // No or unreadable package.json: look at the sources.
  }
  let client = false;
  let server = false;
  let budget = 2000;
  const visit = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if ((client && server) || budget <= 0) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!/^(node_modules|dist|build|out|coverage|\.git|\.next)$/.test(entry.name)) visit(full);
      } else if (entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) {
        budget--;
        let text: string;
        try {
          text = readFileSync(full, 'utf8');
        } catch {
          continue;
        }
        const kind = projectTypeOfFile(text);
        if (kind === 'client' || kind === 'both') client = true;
        if (kind === 'server' || kind === 'both') server = true;
      }
    }
  };
  if (existsSync(packageRoot)) visit(packageRoot);
  return client && server ? 'both' : client ? 'client' : server ? 'server' : 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Keeping the file's conventions

function restoreFileConventions(original: string, upgraded: string, sourceFile: SourceFile): string {
  if (sourceFile.getFullText() !== upgraded) sourceFile.replaceWithText(upgraded);
  reindentRewrittenCallbacks(original, sourceFile);
  let text = importQuotes(original, sourceFile.getFullText(), sourceFile);
  // Shebang (the official runner puts it back too) and BOM.
  const bom = original.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = bom ? original.slice(1) : original;
  const shebang = /^#![^\n]*\n(?:[ \t]*\r?\n)*/.exec(body)?.[0];
  let rest = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (shebang && !rest.startsWith('#!')) rest = shebang + rest;
  text = bom + rest;
  // Line endings: a CRLF file stays CRLF (the codemod writes LF).
  if (detectStyle(original).eol === '\r\n' && !original.replace(/\r\n/g, '').includes('\n')) text = text.replace(/\r?\n/g, '\r\n');
  return text;
}

/**
 * `.tool(name, …, cb)` → `.registerTool(name, { … }, cb)` is written by re-adding the callback's
 * text, and ts-morph shifts every line after the first by the indentation of the insertion point.
 * Where a new registration's callback ends on a line of its own (`}`, `})`, `});`), its lines are
 * shifted back so that this closing line lines up with the registration again; lines inside
 * string or template literals are never touched.
 */
function reindentRewrittenCallbacks(original: string, sourceFile: SourceFile): string {
  const text = sourceFile.getFullText();
  const shifts: { from: number; to: number; delta: number }[] = [];
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    if (!/^register(Tool|Prompt|Resource)$/.test(callee.getName())) continue;
    const args = call.getArguments();
    const cb = args[args.length - 1];
    if (!cb || !(Node.isArrowFunction(cb) || Node.isFunctionExpression(cb))) continue;
    // Only calls the upgrade wrote: the callback text's first line is not where it was.
    if (original.includes(call.getText())) continue;
    const cbStart = cb.getStart();
    const cbEnd = cb.getEnd();
    const headerLineStart = text.lastIndexOf('\n', cbStart - 1) + 1;
    const lastLineStart = text.lastIndexOf('\n', cbEnd - 1) + 1;
    if (lastLineStart <= headerLineStart) continue;
    const headerIndent = /^[ \t]*/.exec(text.slice(headerLineStart))![0];
    const closingIndent = /^[ \t]*/.exec(text.slice(lastLineStart))![0];
    if (!text.slice(lastLineStart + closingIndent.length).startsWith('}')) continue;
    if (/\t/.test(headerIndent + closingIndent) && headerIndent !== closingIndent) continue;
    const delta = headerIndent.length - closingIndent.length;
    if (delta === 0) continue;
    // Lines 2..last of the callback.
    const from = text.indexOf('\n', cbStart) + 1;
    shifts.push({ from, to: cbEnd, delta });
  }
  if (shifts.length === 0) return text;
  const edits: TextEdit[] = [];
  const touched = new Set<number>();
  for (const shift of shifts) {
    for (let lineStart = shift.from; lineStart < shift.to && lineStart > 0; ) {
      if (!touched.has(lineStart) && !insideLiteralToken(sourceFile, lineStart)) {
        touched.add(lineStart);
        const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
        const lineEnd = text.indexOf('\n', lineStart);
        const blank = text.slice(lineStart + indent.length, lineEnd === -1 ? undefined : lineEnd).trim() === '';
        if (!blank) {
          if (shift.delta < 0) {
            const remove = Math.min(-shift.delta, indent.length);
            edits.push({ start: lineStart, end: lineStart + remove, text: '' });
          } else {
            edits.push({ start: lineStart, end: lineStart, text: ' '.repeat(shift.delta) });
          }
        }
      }
      const next = text.indexOf('\n', lineStart);
      if (next === -1) break;
      lineStart = next + 1;
    }
  }
  if (edits.length === 0) return text;
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  sourceFile.replaceWithText(out);
  return out;
}


/**
 * The codemod writes module specifiers in double quotes; in a file that quotes with single
 * quotes, the specifiers it wrote (those not in the original text) follow the file.
 */
function importQuotes(original: string, text: string, sourceFile: SourceFile): string {
  const quote = detectStyle(original).quote;
  const edits: TextEdit[] = [];
  const declarations = [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()];
  for (const decl of declarations) {
    const literal = decl.getModuleSpecifier();
    if (!literal || !Node.isStringLiteral(literal)) continue;
    const raw = literal.getText();
    if (raw[0] === quote) continue;
    const value = literal.getLiteralValue();
    if (!value.startsWith('@modelcontextprotocol/') || value.includes(quote) || original.includes(raw)) continue;
    edits.push({ start: literal.getStart(), end: literal.getEnd(), text: `${quote}${value}${quote}` });
  }
  if (edits.length === 0) return text;
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  sourceFile.replaceWithText(out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Positions

/** Line-granular edits turning `before` into `after` (unchanged lines are never inside an edit). */
export function lineEdits(before: string, after: string): TextEdit[] {
  const edits: TextEdit[] = [];
  let pos = 0;
  let pending: TextEdit | undefined;
  for (const part of diffLines(before, after)) {
    if (part.added) {
      pending ??= { start: pos, end: pos, text: '' };
      pending.text += part.value;
    } else if (part.removed) {
      pending ??= { start: pos, end: pos, text: '' };
      pos += part.value.length;
      pending.end = pos;
    } else {
      if (pending) edits.push(pending);
      pending = undefined;
      pos += part.value.length;
    }
  }
  if (pending) edits.push(pending);
  return edits;
}

/**
 * The offset of the first non-blank character of 1-based `line` in the upgraded text. A line
 * that did not change is pointed at exactly; the official codemod reports some lines against an
 * intermediate text, so positions are clamped to the text.
 */
function lineStartOffset(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  const indent = /^[ \t]*/.exec(text.slice(offset))?.[0].length ?? 0;
  return Math.min(offset + indent, Math.max(0, text.length - 1));
}
