// package.json updates for packages the run upgraded from the v1 SDK: `@modelcontextprotocol/sdk`
// gives way to the v2 packages the migrated code imports (`@modelcontextprotocol/server`, and
// `/client`, `/node`, … where the code uses them), and `zod` is declared when the migrated code
// imports it but the manifest relied on the v1 SDK's copy (a zod 3 range is raised to v2's floor). Edits are made on the manifest text:
// every byte we do not change stays as it was (indentation, key order, line endings, a missing
// final newline). New keys go where a sorted section expects them, else at its end. Workspace
// members are planned one by one from their own files; lockfiles are never touched.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { belowV2, v2CompanionRange, V2_COMPANIONS_CHECKED } from './v2-companions.js';
import type { ZodCode } from './zod-scan.js';

/** The v1 SDK package. */
export const V1_PACKAGE = '@modelcontextprotocol/sdk';

/**
 * Ranges written for the packages migrated code may import. The server and client floors are the
 * release the migration's output is typechecked against (the MRTR helpers, `serveStdio` and
 * `createMcpHandler` need it); `zod` is the v2 SDK's own floor.
 */
export const PACKAGE_RANGES: Readonly<Record<string, string>> = Object.freeze({
  '@modelcontextprotocol/server': '^2.4.0',
  '@modelcontextprotocol/client': '^2.4.0',
  '@modelcontextprotocol/core': '^2.4.0',
  '@modelcontextprotocol/node': '^2.1.2',
  '@modelcontextprotocol/express': '^2.0.2',
  '@modelcontextprotocol/server-legacy': '^2.3.1',
  zod: '^4.2.0',
});

/** The manifest's dependency sections (the typecheck gate reads their ranges too). */
export const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
type Section = (typeof SECTIONS)[number];

const TEST_PATH = /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

// ---------------------------------------------------------------------------------------------
// What a package's code needs

export interface PackageFile {
  absPath: string;
  /** The file's text after the run (its original text when the run did not change it). */
  text: string;
  /** The v1→v2 upgrade changed this file. */
  upgraded: boolean;
  /**
   * A file of the package outside the paths the run was given (tests beside a migrated `src`):
   * only its imports of the v1 SDK count, which keep the v1 dependency it still needs.
   */
  outsideRun?: boolean;
}

export interface ManifestNeeds {
  /** Root package names the migrated code imports (v2 MCP packages, zod); never the v1 SDK. */
  packages: string[];
  /** Packages only test files import (they go to devDependencies when added). */
  testOnly: string[];
  /** Some file still imports the v1 SDK: keep its dependency. */
  keepV1: boolean;
  /**
   * Files outside the run that import the v1 SDK (paths relative to the package root): the v1
   * dependency stays for them, while the migrated code moves to v2 (and its zod to 4).
   */
  v1Outside?: string[];
  /**
   * The code hands zod schemas to the SDK (McpServer.registerTool / registerPrompt, completable):
   * they must be zod 4. A package that only uses the low-level Server with JSON schemas does not.
   */
  zodToSdk?: boolean;
}

/** Module specifiers in import / export / require / dynamic import position. */
export function importedSpecifiers(text: string): string[] {
  const out: string[] = [];
  const pattern =
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\b(?:vi|jest)\s*\.\s*\w+\s*\(\s*)(['"`])([^'"`\n]+)\1/g;
  for (const match of text.matchAll(pattern)) out.push(match[2]);
  return out;
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageRootOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** What the files of one package import; test files are recognised by their path below `packageRoot`. */
export function needsOf(files: readonly PackageFile[], packageRoot?: string): ManifestNeeds {
  const used = new Map<string, boolean>(); // package → imported by a non-test file
  let keepV1 = false;
  let zodToSdk = false;
  const v1Outside: string[] = [];
  for (const file of files) {
    const rel = packageRoot === undefined ? file.absPath : path.relative(packageRoot, file.absPath);
    if (file.outsideRun) {
      if (importedSpecifiers(file.text).some((spec) => packageRootOf(spec) === V1_PACKAGE)) v1Outside.push(rel.split(path.sep).join('/'));
      continue;
    }
    const isTest = TEST_PATH.test(rel.split(path.sep).join('/'));
    if (!isTest && /\.register(?:Tool|Prompt)\s*\(|\bcompletable\s*\(/.test(file.text)) zodToSdk = true;
    for (const spec of importedSpecifiers(file.text)) {
      const root = packageRootOf(spec);
      if (root === V1_PACKAGE) {
        keepV1 = true;
        continue;
      }
      if (!root.startsWith('@modelcontextprotocol/') && root !== 'zod') continue;
      used.set(root, (used.get(root) ?? false) || !isTest);
    }
  }
  const packages = [...used.keys()].sort();
  return { packages, testOnly: packages.filter((p) => !used.get(p)), keepV1, zodToSdk, ...(v1Outside.length > 0 ? { v1Outside: v1Outside.sort() } : {}) };
}

// ---------------------------------------------------------------------------------------------
// One manifest

export interface ManifestUpdate {
  /** The new manifest text (the input when nothing changes). */
  text: string;
  changed: boolean;
  added: string[];
  removed: string[];
  /** Things the user has to look at (an incompatible zod range, a package without a known range). */
  warnings: string[];
  /** A zod 3 range was raised to zod 4: the package's zod 3 code must follow (src/upgrade/zod-upgrade.ts). */
  zodRaised: boolean;
  /**
   * The package moves to v2 handing zod schemas to it, so its zod 3 code must become zod 4's:
   * `zod3` where zod was raised to ^4.2, or declared ^4.2 for code that used the v1 SDK's own zod;
   * `v3-subpath` where zod is 4 already (only `zod/v3` imports are zod 3 then). See ZodCode.
   */
  zodCode?: ZodCode;
}

/**
 * The manifest with the v1 SDK replaced by what `needs` lists. Pure; throws on text that is not a
 * JSON object.
 */
export function updateManifest(manifestText: string, needs: ManifestNeeds): ManifestUpdate {
  let text = manifestText;
  const added: string[] = [];
  const removed: string[] = [];
  const warnings: string[] = [];
  const root = parseRoot(text);
  const declared = (name: string, r = parseRoot(text)) =>
    SECTIONS.some((section) => sectionOf(text, r, section)?.members.some((m) => m.key === name));

  const v1Sections = SECTIONS.filter((section) => sectionOf(text, root, section)?.members.some((m) => m.key === V1_PACKAGE));
  const primary: Section = v1Sections.find((s) => s === 'dependencies' || s === 'devDependencies') ?? v1Sections[0] ?? 'dependencies';
  // Files outside the run that still import the v1 SDK keep it; the migrated code moves on.
  const keptForOutside = v1Sections.length > 0 && !needs.keepV1 && (needs.v1Outside?.length ?? 0) > 0;
  const removeV1 = v1Sections.length > 0 && !needs.keepV1 && !keptForOutside;

  const wanted = needs.packages.filter((name) => !declared(name, root));
  const unknown = wanted.filter((name) => PACKAGE_RANGES[name] === undefined);
  for (const name of unknown) {
    warnings.push(`${name} is imported by the migrated code but not declared; add it with the version you want`);
  }
  const toAdd = wanted.filter((name) => PACKAGE_RANGES[name] !== undefined);
  // The package that stands in for the v1 SDK in sections other than the primary one.
  const mainV2 = needs.packages.includes('@modelcontextprotocol/server')
    ? '@modelcontextprotocol/server'
    : needs.packages.includes('@modelcontextprotocol/client')
      ? '@modelcontextprotocol/client'
      : undefined;

  if (removeV1) {
    for (const section of v1Sections) {
      const obj = sectionOf(text, parseRoot(text), section)!;
      const member = obj.members.find((m) => m.key === V1_PACKAGE)!;
      let replacement: string | undefined;
      if (section === primary) {
        const eligible = toAdd.filter((name) => !needs.testOnly.includes(name) || section === 'devDependencies');
        replacement = mainV2 !== undefined && eligible.includes(mainV2) ? mainV2 : eligible[0];
        if (replacement !== undefined) toAdd.splice(toAdd.indexOf(replacement), 1);
      } else if (mainV2 !== undefined && !obj.members.some((m) => m.key === mainV2)) {
        replacement = mainV2;
      }
      text =
        replacement !== undefined
          ? replaceMember(text, member, replacement, PACKAGE_RANGES[replacement] ?? '*')
          : removeMember(text, obj, obj.members.indexOf(member));
      if (replacement !== undefined && !added.includes(replacement)) added.push(replacement);
    }
    removed.push(V1_PACKAGE);
  }
  for (const name of toAdd) {
    const section: Section = needs.testOnly.includes(name) && primary === 'dependencies' ? 'devDependencies' : primary;
    text = insertMember(text, section, name, PACKAGE_RANGES[name]!);
    added.push(name);
  }
  if (removeV1 || keptForOutside) text = raiseCompanions(text, warnings);
  const zod = zodMember(text, parseRoot(text));
  const zodRaised = zod !== undefined && !zodRangeOk(zod.range) && (removeV1 || keptForOutside) && needs.zodToSdk !== false;
  if (zodRaised) {
    // v2 refuses zod 3 schemas when the server starts ("Got a Zod v3 field schema"): the package
    // that drops the v1 SDK and hands zod schemas to it moves to the zod v2 needs, whichever of its
    // files build the schemas. (A low-level server that builds JSON schemas keeps its zod.)
    text = replaceMember(text, zod.member, 'zod', PACKAGE_RANGES.zod);
    warnings.push(
      `zod '${zod.range}' raised to '${PACKAGE_RANGES.zod}': @modelcontextprotocol/server builds and validates schemas with zod 4 ` +
        'and refuses zod 3 schemas when the server starts; zod 3 calls with an exact zod 4 spelling were rewritten in the package, ' +
        'the others are reported (rule zod-upgrade)',
    );
  } else if (zod !== undefined && !zodRangeOk(zod.range) && needs.packages.includes('zod') && needs.zodToSdk !== false) {
    warnings.push(
      `zod range '${zod.range}' cannot satisfy the v2 SDK's floor (zod >=4.2.0): registerTool / registerPrompt calls ` +
        'fail to typecheck or validate against it; move to zod ^4.2.0',
    );
  }
  const movesToV2 = (removeV1 || keptForOutside) && needs.zodToSdk !== false;
  const zodCode: ZodCode | undefined = !movesToV2 ? undefined : zodRaised || added.includes('zod') ? 'zod3' : zod !== undefined && zodRangeOk(zod.range) ? 'v3-subpath' : undefined;
  return { text, changed: text !== manifestText, added: added.sort(), removed, warnings, zodRaised, ...(zodCode ? { zodCode } : {}) };
}

/** Companions declared with a range below their v2-based major get that major (v2-companions.ts), each with a warning. */
function raiseCompanions(manifestText: string, warnings: string[]): string {
  let text = manifestText;
  for (const section of SECTIONS) {
    for (;;) {
      const declared = (m: JsonMember) => (m.value.startsWith('"') ? (JSON.parse(m.value) as string) : undefined);
      const member = sectionOf(text, parseRoot(text), section)?.members.find((m) => {
        const value = declared(m);
        return v2CompanionRange(m.key) !== undefined && value !== undefined && belowV2(value);
      });
      if (!member) break;
      const range = v2CompanionRange(member.key)!;
      warnings.push(
        `${member.key} '${declared(member)}' raised to '${range}': its ${range.replace(/^\^(\d+).*$/, '$1')}.x releases are built on @modelcontextprotocol/server (v2), ` +
          `its earlier releases on the v1 SDK (checked in the npm registry on ${V2_COMPANIONS_CHECKED}); run your tests against it after installing`,
      );
      text = replaceMember(text, member, member.key, range);
    }
  }
  return text;
}

function zodMember(text: string, root: JsonObject): { member: JsonMember; range: string } | undefined {
  for (const section of SECTIONS) {
    const member = sectionOf(text, root, section)?.members.find((m) => m.key === 'zod');
    if (member && member.value.startsWith('"')) return { member, range: JSON.parse(member.value) as string };
  }
  return undefined;
}

/** Whether some alternative of a range can resolve to zod >= 4.2. */
export function zodRangeOk(range: string): boolean {
  return range.split('||').some((raw) => {
    const segment = raw.trim().replace(/^(workspace:|npm:)/, '');
    if (segment === '' || segment === '*' || segment === 'x' || segment === 'latest' || segment.startsWith('>')) return true;
    const upper = /<(=?)\s*v?(\d+)(?:\.(\d+))?/.exec(segment);
    if (upper) {
      const major = Number(upper[2]);
      const minor = upper[3] === undefined ? undefined : Number(upper[3]);
      if (major !== 4) return major > 4;
      return minor === undefined ? upper[1] === '=' : minor > 2 || (minor === 2 && upper[1] === '=');
    }
    const match = /^([~^]?)\s*v?(\d+)(?:\.(\d+|x|\*))?/.exec(segment);
    if (!match) return true;
    const major = Number(match[2]);
    if (major !== 4) return major > 4;
    if (match[1] === '^' || match[3] === undefined || match[3] === 'x' || match[3] === '*') return true;
    return Number(match[3]) >= 2;
  });
}

// ---------------------------------------------------------------------------------------------
// A whole run

export interface ManifestPlanFile extends PackageFile {
  /** Absolute path of the package root the file belongs to (the directory of its nearest package.json). */
  packageRoot: string;
}

export interface ManifestChange {
  manifestPath: string;
  packageRoot: string;
  original: string;
  /** The new text; undefined when this manifest needs no edit (only warnings). */
  output?: string;
  added: string[];
  removed: string[];
  warnings: string[];
  /** The manifest raises zod 3 to zod 4 (see ManifestUpdate). */
  zodRaised?: boolean;
  /** Which of the package's zod imports are zod 3 code that must follow (see ManifestUpdate). */
  zodCode?: ZodCode;
}

export interface PlanOptions {
  /** Reads a manifest; undefined when it does not exist. Default: the file system. */
  readManifest?: (absPath: string) => string | undefined;
}

/**
 * One change per package whose files the run upgraded (or otherwise made import a v2 package the
 * manifest lacks). Pass every file the run processed that mentions `@modelcontextprotocol/`, with
 * its final text, so a file still on the v1 SDK keeps the v1 dependency. Sorted by manifest path.
 */
export function planManifestChanges(files: readonly ManifestPlanFile[], options: PlanOptions = {}): ManifestChange[] {
  const read = options.readManifest ?? readIfExists;
  const byRoot = new Map<string, ManifestPlanFile[]>();
  for (const file of files) {
    const list = byRoot.get(file.packageRoot) ?? [];
    list.push(file);
    byRoot.set(file.packageRoot, list);
  }
  const changes: ManifestChange[] = [];
  for (const [packageRoot, list] of byRoot) {
    if (!list.some((f) => f.upgraded)) continue;
    const manifestPath = path.join(packageRoot, 'package.json');
    const original = read(manifestPath);
    if (original === undefined) continue;
    const needs = needsOf(list, packageRoot);
    let update: ManifestUpdate;
    try {
      update = updateManifest(original, needs);
    } catch (error) {
      changes.push({
        manifestPath,
        packageRoot,
        original,
        added: [],
        removed: [],
        warnings: [`package.json could not be read as JSON (${error instanceof Error ? error.message : String(error)}); update its dependencies by hand`],
      });
      continue;
    }
    const warnings = [...update.warnings];
    if (needs.keepV1) {
      warnings.push(`${V1_PACKAGE} is kept: some files of this package still import it`);
    } else if (needs.v1Outside && hasV1(original)) {
      const listed = needs.v1Outside.slice(0, 3).join(', ') + (needs.v1Outside.length > 3 ? ` and ${needs.v1Outside.length - 3} more` : '');
      warnings.push(
        `${V1_PACKAGE} is kept: ${listed} (outside the paths this run migrated) still import it; run the migration on them too, ` +
          'or remove the dependency once nothing imports it',
      );
    }
    if (!hasV1(original)) {
      // A workspace member that resolved the v1 SDK through an ancestor's manifest.
      const ancestor = ancestorDeclaringV1(packageRoot, read);
      if (ancestor) {
        warnings.push(
          `${path.relative(packageRoot, ancestor).split(path.sep).join('/')} still declares ${V1_PACKAGE}; remove it there once no package of the workspace imports it`,
        );
      }
    }
    if (!update.changed && warnings.length === 0) continue;
    const change: ManifestChange = { manifestPath, packageRoot, original, added: update.added, removed: update.removed, warnings };
    if (update.zodRaised) change.zodRaised = true;
    if (update.zodCode) change.zodCode = update.zodCode;
    if (update.changed) change.output = update.text;
    changes.push(change);
  }
  return changes.sort((a, b) => (a.manifestPath < b.manifestPath ? -1 : a.manifestPath > b.manifestPath ? 1 : 0));
}

function hasV1(manifestText: string): boolean {
  try {
    const root = parseRoot(manifestText);
    return SECTIONS.some((s) => sectionOf(manifestText, root, s)?.members.some((m) => m.key === V1_PACKAGE));
  } catch {
    return false;
  }
}

function ancestorDeclaringV1(packageRoot: string, read: (p: string) => string | undefined): string | undefined {
  for (let dir = path.dirname(packageRoot); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    const text = read(manifest);
    if (text !== undefined && hasV1(text)) return manifest;
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

function readIfExists(absPath: string): string | undefined {
  try {
    return readFileSync(absPath, 'utf8');
  } catch {
    return undefined;
  }
}

/** Lockfiles the package managers write, nearest first, and the command that updates each. */
const LOCKFILES: readonly [string, string][] = [
  ['pnpm-lock.yaml', 'pnpm install'],
  ['yarn.lock', 'yarn install'],
  ['bun.lock', 'bun install'],
  ['bun.lockb', 'bun install'],
  ['package-lock.json', 'npm install'],
  ['npm-shrinkwrap.json', 'npm install'],
];

/**
 * The summary line telling the user to install (lockfiles are never edited): names the command of
 * the lockfile found nearest to the changed manifests, else npm's. Undefined when nothing changed.
 */
export function installHint(changes: readonly ManifestChange[], exists: (absPath: string) => boolean = existsSync): string | undefined {
  const changed = changes.filter((c) => c.output !== undefined);
  if (changed.length === 0) return undefined;
  const commands = new Set<string>();
  for (const change of changed) {
    let found: string | undefined;
    for (let dir = change.packageRoot; !found; dir = path.dirname(dir)) {
      for (const [file, command] of LOCKFILES) {
        if (exists(path.join(dir, file))) {
          found = command;
          break;
        }
      }
      if (path.dirname(dir) === dir || exists(path.join(dir, '.git'))) break;
    }
    commands.add(found ?? 'npm install');
  }
  const files = changed.length === 1 ? 'package.json' : `${changed.length} package.json files`;
  return `Dependencies changed in ${files}; lockfiles were not edited: run ${[...commands].map((c) => `\`${c}\``).join(' / ')} to update them.`;
}

// ---------------------------------------------------------------------------------------------
// Text edits on JSON

interface JsonMember {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** The value's raw text. */
  value: string;
}

interface JsonObject {
  /** Offset of `{`. */
  start: number;
  /** Offset after `}`. */
  end: number;
  members: JsonMember[];
}

function parseRoot(text: string): JsonObject {
  let pos = skipWs(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[pos] !== '{') throw new Error('package.json is not a JSON object');
  const obj = parseObject(text, pos);
  pos = skipWs(text, obj.end);
  if (pos !== text.length) throw new Error(`unexpected text at offset ${pos}`);
  return obj;
}

function sectionOf(text: string, root: JsonObject, section: Section): JsonObject | undefined {
  const member = root.members.find((m) => m.key === section);
  if (!member || !member.value.startsWith('{')) return undefined;
  return parseObject(text, member.valueStart);
}

function parseObject(text: string, start: number): JsonObject {
  let pos = start + 1;
  const members: JsonMember[] = [];
  pos = skipWs(text, pos);
  if (text[pos] === '}') return { start, end: pos + 1, members };
  for (;;) {
    pos = skipWs(text, pos);
    if (text[pos] !== '"') throw new Error(`expected a key at offset ${pos}`);
    const keyStart = pos;
    const keyEnd = skipString(text, pos);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    pos = skipWs(text, keyEnd);
    if (text[pos] !== ':') throw new Error(`expected ':' at offset ${pos}`);
    const valueStart = skipWs(text, pos + 1);
    const valueEnd = skipValue(text, valueStart);
    members.push({ key, keyStart, keyEnd, valueStart, valueEnd, value: text.slice(valueStart, valueEnd) });
    pos = skipWs(text, valueEnd);
    if (text[pos] === ',') {
      pos++;
      continue;
    }
    if (text[pos] === '}') return { start, end: pos + 1, members };
    throw new Error(`expected ',' or '}' at offset ${pos}`);
  }
}

function skipWs(text: string, pos: number): number {
  while (pos < text.length && /\s/.test(text[pos])) pos++;
  return pos;
}

function skipString(text: string, pos: number): number {
  for (let i = pos + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  throw new Error('unterminated string');
}

function skipValue(text: string, pos: number): number {
  const c = text[pos];
  if (c === '"') return skipString(text, pos);
  if (c === '{') return parseObject(text, pos).end;
  if (c === '[') {
    let i = skipWs(text, pos + 1);
    if (text[i] === ']') return i + 1;
    for (;;) {
      i = skipWs(text, skipValue(text, skipWs(text, i)));
      if (text[i] === ',') i++;
      else if (text[i] === ']') return i + 1;
      else throw new Error(`expected ',' or ']' at offset ${i}`);
    }
  }
  const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(pos));
  if (!literal) throw new Error(`unexpected character at offset ${pos}`);
  return pos + literal[0].length;
}

const quoteKey = (name: string) => JSON.stringify(name);

function replaceMember(text: string, member: JsonMember, key: string, value: string): string {
  return text.slice(0, member.keyStart) + quoteKey(key) + text.slice(member.keyEnd, member.valueStart) + JSON.stringify(value) + text.slice(member.valueEnd);
}

function removeMember(text: string, obj: JsonObject, index: number): string {
  const member = obj.members[index];
  if (obj.members.length === 1) {
    // `{ "a": "1" }` → `{}`, keeping what follows the brace pair.
    return text.slice(0, obj.start + 1) + text.slice(obj.end - 1);
  }
  if (index < obj.members.length - 1) {
    return text.slice(0, member.keyStart) + text.slice(obj.members[index + 1].keyStart);
  }
  return text.slice(0, obj.members[index - 1].valueEnd) + text.slice(member.valueEnd);
}

/** Inserts `"key": "value"` into `section` (created when missing), in sorted position when the section is sorted. */
function insertMember(text: string, section: Section, key: string, value: string): string {
  const root = parseRoot(text);
  const obj = sectionOf(text, root, section);
  const entry = `${quoteKey(key)}: ${JSON.stringify(value)}`;
  if (!obj) return insertSection(text, root, section, entry);
  if (obj.members.length === 0) {
    const indent = memberIndent(text, root);
    const outer = lineIndentAt(text, obj.start);
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return text.slice(0, obj.start + 1) + `${eol}${outer}${indent}${entry}${eol}${outer}` + text.slice(obj.end - 1);
  }
  const keys = obj.members.map((m) => m.key);
  const sorted = keys.every((k, i) => i === 0 || keys[i - 1].localeCompare(k, 'en') <= 0);
  const at = sorted ? keys.findIndex((k) => key.localeCompare(k, 'en') < 0) : -1;
  if (at >= 0) {
    // Before member `at`: the separator that precedes it is reused after the new entry.
    const member = obj.members[at];
    const before = at === 0 ? obj.start + 1 : text.indexOf(',', obj.members[at - 1].valueEnd) + 1;
    const separator = text.slice(before, member.keyStart);
    return text.slice(0, member.keyStart) + `${entry},${separator}` + text.slice(member.keyStart);
  }
  const last = obj.members[obj.members.length - 1];
  const separator =
    obj.members.length > 1
      ? text.slice(text.indexOf(',', obj.members[obj.members.length - 2].valueEnd) + 1, last.keyStart)
      : text.slice(obj.start + 1, last.keyStart);
  return text.slice(0, last.valueEnd) + `,${separator}${entry}` + text.slice(last.valueEnd);
}

/** A new `"section": { entry }` in the root object: before devDependencies for dependencies, else last. */
function insertSection(text: string, root: JsonObject, section: Section, entry: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = memberIndent(text, root);
  const multiline = text.slice(root.start, root.end).includes('\n');
  const block = multiline ? `{${eol}${indent}${indent}${entry}${eol}${indent}}` : `{ ${entry} }`;
  const member = `${quoteKey(section)}: ${block}`;
  if (root.members.length === 0) {
    return text.slice(0, root.start + 1) + (multiline ? `${eol}${indent}${member}${eol}` : ` ${member} `) + text.slice(root.end - 1);
  }
  const anchorIndex = section === 'dependencies' ? root.members.findIndex((m) => m.key === 'devDependencies') : -1;
  if (anchorIndex >= 0) {
    const anchor = root.members[anchorIndex];
    const before = anchorIndex === 0 ? root.start + 1 : text.indexOf(',', root.members[anchorIndex - 1].valueEnd) + 1;
    const separator = text.slice(before, anchor.keyStart);
    return text.slice(0, anchor.keyStart) + `${member},${separator}` + text.slice(anchor.keyStart);
  }
  const last = root.members[root.members.length - 1];
  const separator =
    root.members.length > 1
      ? text.slice(text.indexOf(',', root.members[root.members.length - 2].valueEnd) + 1, last.keyStart)
      : text.slice(root.start + 1, last.keyStart);
  return text.slice(0, last.valueEnd) + `,${separator}${member}` + text.slice(last.valueEnd);
}

/** The indentation unit of the manifest (that of the root object's first member), default two spaces. */
function memberIndent(text: string, root: JsonObject): string {
  const first = root.members[0];
  if (!first) return '  ';
  const indent = lineIndentAt(text, first.keyStart);
  return text.lastIndexOf('\n', first.keyStart) > root.start && indent !== '' ? indent : '  ';
}

function lineIndentAt(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}
