// The v1 → v2 surface upgrade, run on the engine's own parse of a file before our transforms:
// our own pass (src/upgrade/v1: registrations, handler keys, handler contexts, utility imports, as
// minimal text edits), then the transforms of `@modelcontextprotocol/codemod`
// (`getMigration('v1-to-v2').transforms`, pinned in package.json) that a cheap text test says have
// work left, then a look for what is still v1 (reported as errors). The official diagnostics become
// `sdk-upgrade` findings with the message kept. Around the official transforms we keep the file's
// shebang, BOM, header comment, line endings and import quote style. Pure apart from
// `detectProjectType`, which reads package.json files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as OfficialCodemod from '@modelcontextprotocol/codemod';
import type { Diagnostic, Transform as OfficialTransform, TransformContext as OfficialContext } from '@modelcontextprotocol/codemod';
import { diffLines } from 'diff';
import { Node, ts, type SourceFile } from '../ts-morph.js';
import { applyEdits, mapBackward, mapForward } from '../ast/edits.js';
import { scriptKindFor } from '../ast/script-kind.js';
import { detectStyle } from '../ast/text-style.js';
import type { FindingInput, Severity, TextEdit } from '../types.js';
import { handlerResults, type HandlerResultMismatch } from './v1/handler-results.js';
import { typeFitEdits } from './v1/input-schema-assertions.js';
import { importBindings, renameV1Symbols, upgradeV1Surface, v1Leftovers } from './v1/index.js';
import { maskNames, unmaskNames, type Masking } from './v1/masks.js';
import { errorCodeTypeEdits } from './v1/type-renames.js';
import { v1BasedImports, type V1ModuleOutsideRun } from './v1/v1-dependents.js';

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
  /**
   * The file's relative imports of modules the run does not hold that import the v1 SDK (found by
   * the runner from the run's file set, see v1ModulesOutsideRun): the file then stays on v1.
   */
  v1ModulesOutsideRun?: readonly V1ModuleOutsideRun[];
  /**
   * Upgrade even a file that imports a dependency built on v1 or a v1 module outside the run (which
   * keeps it on v1): only to learn what the transforms would say about its questions.
   */
  ignoreWhatKeepsV1?: boolean;
}

export interface SdkUpgradeResult {
  /** The upgraded text (the input when nothing changed). */
  text: string;
  changed: boolean;
  /**
   * The way from the input to `text`, for mapping positions back and forth: our own edits
   * (exact), then what the official transforms changed (line by line); each step's edits apply
   * to its `before` text.
   */
  steps: { before: string; edits: TextEdit[] }[];
  /** Findings; `pos` is an offset into the original text. */
  findings: FindingInput[];
  /** The official transform threw: the file is left as it was and one error finding says why. */
  failed?: boolean;
  /**
   * Nothing changed, but the source file no longer holds the original text byte for byte (ts-morph
   * normalises the line breaks of a text it is given): the caller parses the text again.
   */
  stale?: boolean;
  /**
   * The upgraded file would not compile or not start: a handler's result does not fit v2's type
   * for its method, or something is still v1 (every error-severity finding of the upgrade: an
   * import with no v2 home, a registration or key left as it was, a key v2's exact types reject).
   * One error per spot (`pos` in the original text). The caller leaves the file as it was, and so
   * the rest of its package (see runner.ts); `text` is still the upgraded text, which the
   * transforms may analyse for what they would report.
   */
  refusal?: FindingInput[];
  /**
   * The file imports a dependency built on the v1 SDK: it is left on v1 as it was (our transforms
   * must not write v2 code into it either), with one error finding per such import. So is a file
   * importing a v1 module outside the run (then with `refusal` set as well: its package stays v1).
   */
  keptOnV1?: boolean;
}

/**
 * Cheap text tests for whether an official transform has anything to do in a file (each one walks
 * the whole tree through ts-morph wrappers). Transforms whose work our own pass does
 * (src/upgrade/v1: registrations, handler keys, handler contexts) run only for what it leaves:
 * `mcpserver-api` never (it would guess where ours declined, and reprints the call).
 */
const OFFICIAL_GATES: Readonly<Record<string, RegExp | undefined>> = {
  imports: /@modelcontextprotocol\/sdk/,
  symbols: /\b(?:McpError|JSONRPCError|JSONRPCErrorSchema|isJSONRPCError|isJSONRPCResponse|JSONRPCResponse|JSONRPCResponseSchema|ResourceReference|ResourceReferenceSchema|ErrorCode|RequestHandlerExtra|SchemaInput)\b|\bimport\s*\(/,
  'removed-apis': /\b(?:schemaToJson|parseSchemaAsync|getSchemaShape|getSchemaDescription|isOptionalSchema|unwrapOptionalSchema|IsomorphicHeaders|StreamableHTTPError|finishAuth)\b/,
  'mcpserver-api': undefined,
  handlers: /\bremove(?:Request|Notification)Handler\s*\(/,
  'schema-params': /\.\s*(?:request|callTool)\s*\(/,
  context: /\bRequestHandlerExtra\b|\bfallback(?:Request|Notification)Handler\b|\b(?:sendRequest|sendNotification|requestInfo|authInfo|closeSSEStream)\s*:/,
  'completable-nesting': /\bcompletable\b/,
  'mock-paths': /\b(?:vi|jest)\s*\.\s*\w+\s*\(|\bimport\s*\(/,
};

/**
 * What the official `symbols` transform may still have to do once renameV1Symbols did its renames:
 * renames in dynamic imports, the RequestHandlerExtra and SchemaInput types.
 */
const SYMBOLS_LEFT = /\b(?:RequestHandlerExtra|SchemaInput)\b|\bimport\s*\(/;

/** The one finding for a file importing v1 modules the run leaves out, at the first such import. */
function outsideModuleFinding(file: ts.SourceFile, outside: readonly V1ModuleOutsideRun[]): FindingInput {
  const [first, ...more] = outside;
  const at = file.statements.find((s) => (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier !== undefined
    && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === first.specifier);
  const paths = outside.map((m) => m.path).join(', ');
  return {
    rule: SDK_UPGRADE_RULE,
    severity: 'error',
    pos: at ? at.getStart(file) : 0,
    message:
      `${first.path} (imported as '${first.specifier}')${more.length > 0 ? ` and ${more.map((m) => m.path).join(', ')} import` : ' imports'} the v1 SDK and ${more.length > 0 ? 'are' : 'is'} not in this run: ` +
      `${more.length > 0 ? 'they stay' : 'it stays'} on v1, and a v2 server, request context or type handed to ${more.length > 0 ? 'them' : 'it'} or taken from ${more.length > 0 ? 'them' : 'it'} would not fit v1's, ` +
      'so this file is left on v1 as it was (nothing in it migrated, questions included)',
    suggestion: `Run the migration on ${paths} together with this file (give both paths, or the directory holding them), or upgrade ${more.length > 0 ? 'those modules' : 'that module'} to v2 first; then run it again.`,
  };
}

let official: typeof OfficialCodemod | undefined;

/**
 * The official codemod, loaded on the first v1 file only, as CommonJS: it then shares our
 * ts-morph, and Node does not scan ts-morph with cjs-module-lexer as its ESM build would make it.
 */
function officialCodemod(): typeof OfficialCodemod {
  official ??= createRequire(import.meta.url)('@modelcontextprotocol/codemod') as typeof OfficialCodemod;
  return official;
}

/** Official messages our own steps replace with a precise error (the spot is reported once). */
const SUPERSEDED = /^Unknown SDK import path: /;

/**
 * Upgrades a v1 file to the v2 surface: our own pass first (src/upgrade/v1, minimal text edits),
 * then the official v1-to-v2 transforms that have something left to do, on `sourceFile` (which
 * they edit in place), then a look for what is still v1. The caller owns the source file;
 * afterwards it holds the original text when nothing changed (but see `stale`), and otherwise a
 * stage on the way to `text` (the caller parses `text` when it reads on).
 */
export function runSdkUpgrade(sourceFile: SourceFile, options: SdkUpgradeOptions = {}): SdkUpgradeResult {
  const migration = officialCodemod().getMigration('v1-to-v2');
  if (!migration) throw new Error('@modelcontextprotocol/codemod has no v1-to-v2 migration');
  const original = sourceFile.getFullText();
  const projectType = options.projectType ?? projectTypeOfFile(original);
  const originalBindings = importBindings(sourceFile.compilerNode);
  const stays = staysOnV1(sourceFile, options, original);
  if (stays) return stays;
  let pass: TransformPass;
  try {
    pass = transformPass(sourceFile, migration.transforms, projectType, original, originalBindings);
  } catch (error) {
    sourceFile.replaceWithText(original);
    const message = `Transform failed: ${error instanceof Error ? error.message : String(error)}`;
    return {
      text: original,
      changed: false,
      steps: [],
      findings: [{ rule: SDK_UPGRADE_RULE, severity: 'error', pos: 0, message, marker: false }],
      failed: true,
    };
  }
  return afterTransforms(sourceFile, original, originalBindings, pass);
}

/**
 * The result for a file that imports a dependency built on v1, or a v1 module outside the run:
 * it is left as it was. Undefined when neither holds.
 */
function staysOnV1(sourceFile: SourceFile, options: SdkUpgradeOptions, original: string): SdkUpgradeResult | undefined {
  const v1Based = options.ignoreWhatKeepsV1 ? [] : v1BasedImports(sourceFile.compilerNode, sourceFile.getFilePath());
  if (v1Based.length > 0) {
    // One finding for the file, at the first such import: the reason is the same for each.
    const [first, ...more] = v1Based;
    const names = more.length === 0 ? first.name : `${first.name} and ${more.length} more (${more.map((m) => m.name).join(', ')})`;
    const finding: FindingInput = {
      rule: SDK_UPGRADE_RULE,
      severity: 'error',
      pos: first.declaration.getStart(sourceFile.compilerNode),
      message:
        `${names} ${more.length === 0 ? 'is' : 'are'} built on the v1 SDK (${first.name} depends on @modelcontextprotocol/sdk ${first.range}): ` +
        'the servers, transports and types they take or return are v1\'s, and v2 code cannot be handed to them or take them, so this file is left on v1 as it was',
      suggestion: `Move to releases built on @modelcontextprotocol/server (v2), or keep this file on v1 (the package then keeps @modelcontextprotocol/sdk); then run the migration again.`,
    };
    return { text: original, changed: false, steps: [], findings: [finding], keptOnV1: true };
  }
  const outside = options.ignoreWhatKeepsV1 ? [] : options.v1ModulesOutsideRun ?? [];
  if (outside.length > 0) {
    const finding = outsideModuleFinding(sourceFile.compilerNode, outside);
    // Files of the run that hand values to this one move to v2 only with it: the package stays v1.
    return { text: original, changed: false, steps: [], findings: [finding], keptOnV1: true, refusal: [finding] };
  }
  return undefined;
}

/** What the transforms did to the source file: our own edits, the official diagnostics, how many changes. */
interface TransformPass {
  own: ReturnType<typeof upgradeV1Surface>;
  /** The original text after our own edits. */
  afterOwn: string;
  diagnostics: { diagnostic: Diagnostic; intermediate: string }[];
  changes: number;
  /** The names of calls on receivers that are not the SDK's, hidden from the official transforms (put back in afterTransforms). */
  masking?: Masking;
}

/** Our own pass, then the official transforms that have work left, then the ErrorCode type renames; throws what a transform throws. */
function transformPass(
  sourceFile: SourceFile,
  transforms: readonly OfficialTransform[],
  projectType: ProjectType,
  original: string,
  originalBindings: ReturnType<typeof importBindings>,
): TransformPass {
  const context: OfficialContext = { projectType };
  const diagnostics: TransformPass['diagnostics'] = [];
  let afterOwn = original;
  let changes = 0;
  const own = upgradeV1Surface(sourceFile.compilerNode, original, {
    contextPackage: projectType === 'client' ? '@modelcontextprotocol/client' : '@modelcontextprotocol/server',
  });
  if (own.edits.length > 0) {
    afterOwn = applyEdits(original, own.edits);
    if (afterOwn !== original) changes++;
  }
  // The official transforms match methods by name: calls our pass left alone (not the SDK's
  // receiver) are hidden from them under same-length tokens (src/upgrade/v1/masks.ts).
  const masking = maskNames(original, afterOwn, own.edits, own.masks);
  const seen = masking?.text ?? afterOwn;
  if (seen !== original) sourceFile.replaceWithText(seen);
  for (const transform of transforms) {
    const gate = OFFICIAL_GATES[transform.id];
    const before = sourceFile.getFullText();
    if (gate === undefined || !gate.test(before)) continue;
    // Our one-walk renames first; the official transform only for what they leave. They replace
    // the whole text, which ts-morph answers by forgetting its nodes: not while an earlier
    // transform's diagnostic still follows one to its current line.
    if (transform.id === 'symbols' && !diagnostics.some(({ diagnostic }) => diagnostic.resolveCurrentLine)) {
      const renamed = renameV1Symbols(sourceFile);
      if (renamed) {
        changes += renamed.changes;
        for (const diagnostic of renamed.diagnostics) diagnostics.push({ diagnostic, intermediate: before });
        if (!SYMBOLS_LEFT.test(sourceFile.getFullText())) continue;
      }
    }
    const result = transform.apply(sourceFile, context);
    changes += result.changesCount;
    for (const diagnostic of result.diagnostics) diagnostics.push({ diagnostic, intermediate: before });
  }
  const typeRenames = errorCodeTypeEdits(sourceFile.compilerNode, originalBindings);
  if (typeRenames.length > 0) {
    sourceFile.replaceWithText(applyEdits(sourceFile.getFullText(), typeRenames));
    changes++;
  }
  return { own, afterOwn, diagnostics, changes, ...(masking ? { masking } : {}) };
}

/**
 * After the transforms: handler results v2 types stricter, the file's conventions put back, the
 * steps from the original text, and every finding mapped to the original text.
 */
function afterTransforms(
  sourceFile: SourceFile,
  original: string,
  originalBindings: ReturnType<typeof importBindings>,
  { own, afterOwn, diagnostics, changes, masking }: TransformPass,
): SdkUpgradeResult {
  // As the official runner does: advisories are dropped for files no transform changed, and the
  // lines of action-required spots are read after every transform ran.
  const kept = diagnostics
    .filter(({ diagnostic: d }) => (changes > 0 || !d.advisoryOnly) && !SUPERSEDED.test(d.message))
    .map((k) => ({ ...k, line: currentLine(k.diagnostic) }))
    .map((k) => (masking ? { ...k, diagnostic: { ...k.diagnostic, message: unmaskNames(k.diagnostic.message, masking) } } : k));
  // The hidden names back (the lines above were read first: this forgets the transforms' nodes).
  if (masking) {
    const unmasked = unmaskNames(sourceFile.getFullText(), masking);
    if (unmasked !== sourceFile.getFullText()) sourceFile.replaceWithText(unmasked);
  }
  // Nothing changed, but the names were hidden: the source file holds the original text with its
  // line breaks as ts-morph writes them (\n). Offsets are read on the original as it is.
  const asRead = changes === 0 && masking !== undefined && sourceFile.getFullText() !== original;
  const leftovers = v1Leftovers(asRead ? ts.createSourceFile(sourceFile.getFilePath(), original, ts.ScriptTarget.Latest, true, scriptKindFor(sourceFile.getFilePath())) : sourceFile.compilerNode, originalBindings);
  // A handler v2 types stricter than v1 did: the upgraded file would not compile. Where the only
  // mismatches are input schemas proven to be objects, they are asserted as v2's type; a list
  // handler whose literals fit once its return type is declared gets that declaration; otherwise no
  // rewrite of ours makes it (the user's types say what it returns): the file stays v1, each
  // handler reported.
  const results = own.keysRewritten ? handlerResults(sourceFile.getFilePath(), sourceFile.getFullText()) : undefined;
  const asserted = typeFitEdits(sourceFile, results?.assertions ?? [], results?.returnTypes ?? [], results?.valueFixes ?? [], SDK_UPGRADE_RULE);
  if (asserted.edits.length > 0) {
    sourceFile.replaceWithText(applyEdits(sourceFile.getFullText(), asserted.edits));
    changes++;
  }
  let text = asRead ? original : sourceFile.getFullText();
  const upgradedText = text;
  if (changes > 0 && text !== original) text = restoreFileConventions(original, text, sourceFile);
  const changed = text !== original;
  if (!changed && sourceFile.getFullText() !== original) sourceFile.replaceWithText(original);
  // ts-morph writes every line break of a replaced text as \n: a CRLF file the transforms saw
  // (hidden names, an edit undone) is not held byte for byte any more, and is parsed again.
  const stale = !changed && sourceFile.getFullText() !== original;
  // Positions in the upgraded text map back through what the official transforms changed (line
  // by line), then exactly through our own edits (insertions and small replacements).
  const officialEdits = lineEdits(afterOwn, upgradedText);
  const steps = [
    { before: original, edits: own.edits },
    { before: afterOwn, edits: text === upgradedText ? officialEdits : lineEdits(afterOwn, text) },
  ].filter((step) => changed && step.edits.length > 0);
  const toOriginal = (pos: number) => mapBackward(mapBackward(pos, officialEdits), own.edits);
  // Offsets read before the assertions went in.
  const beforeAssertions = (pos: number) => toOriginal(mapForward(pos, asserted.edits));
  const rejected = results?.mismatches ?? [];
  const findings: FindingInput[] = [...own.findings, ...asserted.findings.map((f) => ({ ...f, pos: beforeAssertions(f.pos) }))];
  findings.push(...diagnosticFindings(asRead ? kept.map((k) => ({ ...k, intermediate: original })) : kept, upgradedText, toOriginal, own.edits));
  for (const leftover of leftovers) findings.push({ ...leftover, pos: toOriginal(leftover.pos) });
  // A migration that does not compile or start is worse than none: whatever is still v1 (an
  // error) keeps the file, and its package, on v1 as it was.
  const refused = [...rejected.map((m) => resultFinding(m, beforeAssertions(m.pos))), ...findings.filter((f) => f.severity === 'error').map(leftOnV1)];
  return { text, changed, steps, findings, ...(refused.length > 0 ? { refusal: refused } : {}), ...(stale ? { stale } : {}) };
}

/** The official diagnostics kept, as findings at their spot in the original text (one per spot and message). */
function diagnosticFindings(
  kept: readonly { diagnostic: Diagnostic; intermediate: string; line: number | undefined }[],
  upgradedText: string,
  toOriginal: (pos: number) => number,
  ownEdits: readonly TextEdit[],
): FindingInput[] {
  const findings: FindingInput[] = [];
  const seen = new Set<string>();
  for (const { diagnostic: d, intermediate, line } of kept) {
    // Action-required spots are read on the upgraded text; the rest on the text the transform
    // read, which is the original after our own edits (and earlier official transforms).
    const pos = line !== undefined ? toOriginal(lineStartOffset(upgradedText, line)) : mapBackward(lineStartOffset(intermediate, d.line), ownEdits);
    const key = `${pos}\0${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      rule: SDK_UPGRADE_RULE,
      severity: severityOf(d),
      pos,
      message: d.message,
      // The official codemod writes a marker only for its action-required spots; so do we (in our
      // own marker format, so a re-run never writes it twice).
      marker: d.insertComment === true && (line !== undefined || d.resolveCurrentLine === undefined),
    });
  }
  return findings;
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

/** The line of an action-required spot in the text as it is now (undefined when its node is gone). */
function currentLine(d: Diagnostic): number | undefined {
  try {
    return d.resolveCurrentLine?.();
  } catch {
    return undefined;
  }
}

/** Why a literal that lacks a member is said to hold `undefined` there (see firstMismatch). */
const FILLER = '; the literal lacks that member, and TypeScript gives it as an optional `undefined` to each object literal of an array that lacks a member the others have, unless the array is checked against a declared type';

function resultFinding(m: HandlerResultMismatch, pos: number): FindingInput {
  const u = m.unfixed;
  const where = !m.where ? '' : m.where.path
    ? ` at \`${m.where.path}\` (\`${m.where.actual}\` where v2 wants \`${m.where.wanted}\`${m.where.filler ? FILLER : ''})`
    : ` (it returns \`${m.where.actual}\`)`;
  // The first value returned that does not fit (named, not by its line: a marker above the handler moves it).
  const what = u?.kind === 'retype'
    ? `its declared return type (\`${short(u.value)}\`) is not v2's, and what it returns does not fit ${m.expected} once declared so`
    : u
    ? `the \`${short(u.value)}\` it returns does not match${u.path ? ` at \`${u.path}\`` : ''} (\`${u.actual}\`` +
      `${u.missing.length > 0 ? `, which has no ${u.missing.map((name) => `\`${name}\``).join(' or ')},` : ''} where v2 wants \`${u.wanted}\`` +
      `${u.kind === 'assert' ? '; the two types do not overlap, so not even an assertion would compile' : ''})`
    : `what it returns does not match${where}`;
  return {
    rule: SDK_UPGRADE_RULE,
    severity: 'error',
    pos,
    message:
      `file left on the v1 SDK: once keyed by '${m.method}', this handler would not compile in v2, which types its result as ` +
      `${m.expected}; ${what} (v1 accepted any object as a result)`,
    suggestion: m.where?.filler
      ? `Declare the type where the literals are written (the array's, e.g. \`const tools: Tool[] = […]\`, or the handler's return type, ` +
        `\`Promise<${m.expected}>\`; the types imported from @modelcontextprotocol/sdk/types.js), so that each literal is checked on its own, ` +
        'then run the migration again.'
      : `Make the handler return a ${m.expected} (import the type from @modelcontextprotocol/server once upgraded, or from ` +
        `@modelcontextprotocol/sdk/types.js now, and type the value it returns with it), then run the migration again.`,
  };
}

/** An expression quoted in a message: its first 40 characters on one line. */
function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
}

/** An error that keeps a file on v1, said of the file. */
export function leftOnV1<F extends FindingInput>(f: F): F {
  const again = 'run the migration again';
  return {
    ...f,
    message: `file left on the v1 SDK: ${f.message}`,
    suggestion: !f.suggestion ? `Change this spot so that it needs nothing of the v1 SDK the upgrade cannot move, then ${again}.` : f.suggestion.includes(again) ? f.suggestion : `${f.suggestion.replace(/\.?$/, '')}; then ${again}.`,
  };
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

/** `sourceFile` holds `upgraded`. */
function restoreFileConventions(original: string, upgraded: string, sourceFile: SourceFile): string {
  let text = importQuotes(original, upgraded, sourceFile);
  // Shebang (the official runner puts it back too) and BOM.
  const bom = original.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = bom ? original.slice(1) : original;
  const shebang = /^#![^\n]*\n(?:[ \t]*\r?\n)*/.exec(body)?.[0];
  let rest = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // The file's header comment: an official transform that removes the first import takes its
  // leading comments with it.
  const header = headerComment(body.slice(shebang?.length ?? 0));
  if (header && !rest.includes(header.trim())) {
    const restShebang = /^#![^\n]*\n(?:[ \t]*\r?\n)*/.exec(rest)?.[0] ?? '';
    rest = restShebang + header + rest.slice(restShebang.length);
  }
  if (shebang && !rest.startsWith('#!')) rest = shebang + rest;
  text = bom + rest;
  // Line endings: a CRLF file stays CRLF (the codemod writes LF).
  if (detectStyle(original).eol === '\r\n' && !original.replace(/\r\n/g, '').includes('\n')) text = text.replace(/\r?\n/g, '\r\n');
  return text;
}

/** The comments a file starts with, up to and including the line break(s) after the last one. */
function headerComment(text: string): string | undefined {
  const ranges = ts.getLeadingCommentRanges(text, 0);
  if (!ranges || ranges.length === 0) return undefined;
  const end = ranges[ranges.length - 1].end;
  return text.slice(0, end) + (/^[ \t]*\r?\n(?:[ \t]*\r?\n)?/.exec(text.slice(end))?.[0] ?? '');
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
