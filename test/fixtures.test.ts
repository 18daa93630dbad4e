// The data-driven fixture suite: every __testfixtures__/<transform>/<case>.input.<ext> is run
// through its transform (__testfixtures__/pipeline/: through every transform in order, as the CLI
// runs them); the result must equal <case>.output.<ext> byte for byte (or the input when there is
// no output file), a second run must change nothing and report nothing the first did not, and every
// input and output must typecheck against the real @modelcontextprotocol/server 2.x types in one
// shared program. A case whose options say `"dependenciesInstalled": false` is migrated where none
// of its imports resolve (a directory outside this repository, as before `npm install`), and still
// typechecked here, where they do: as once the dependencies are installed. (Such a case imports no
// `node:` module: the typed view keeps the first @types/node it found in the thread, from the cases
// before it.)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, afterAll } from 'vitest';
import { transformSource } from '../src/engine.js';
import { loadTransforms } from '../src/registry.js';
import ts from 'typescript';
import { formatDiagnostics, SdkTypecheck, SDK_CHECK_OPTIONS } from './helpers/sdk-typecheck.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixturesDir = path.join(root, '__testfixtures__');
const transforms = await loadTransforms();

interface Case {
  transform: string;
  name: string;
  inputPath: string;
  outputPath?: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const transform of readdirSync(fixturesDir).sort()) {
    const dir = path.join(fixturesDir, transform);
    for (const file of readdirSync(dir).sort()) {
      const match = /^(.*)\.input\.([cm]?[jt]sx?)$/.exec(file);
      if (!match) continue;
      const outputPath = path.join(dir, `${match[1]}.output.${match[2]}`);
      out.push({
        transform,
        name: match[1],
        inputPath: path.join(dir, file),
        outputPath: existsSync(outputPath) ? outputPath : undefined,
      });
    }
  }
  return out;
}

/** Transform options of a case: `<case>.options.json` beside it, when present (e.g. configured aliases). */
function caseOptions(c: Case): Record<string, unknown> {
  const file = c.inputPath.replace(/\.input\.[cm]?[jt]sx?$/, '.options.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/** The fixture folder that runs every transform, like the CLI. */
const PIPELINE = 'pipeline';

/** Where cases migrated without their dependencies are (nothing above it resolves their imports). */
let uninstalledDir: string | undefined;

function runTransform(c: Case, text: string) {
  const transform = transforms.find((t) => t.id === c.transform);
  if (!transform && c.transform !== PIPELINE) throw new Error(`no transform with id ${c.transform}`);
  const { dependenciesInstalled, ...options } = caseOptions(c);
  const dir = dependenciesInstalled === false ? (uninstalledDir ??= mkdtempSync(path.join(tmpdir(), 'mrtr-fixture-uninstalled-'))) : path.dirname(c.inputPath);
  return transformSource({
    absPath: path.join(dir, path.basename(c.inputPath)),
    text,
    transforms: transform ? [transform] : transforms,
    options: {
      packageRoot: dependenciesInstalled === false ? dir : root,
      stateModulePath: path.join(dir, 'mrtr-state.ts'),
      ...options,
    },
  });
}

afterAll(() => {
  if (uninstalledDir) rmSync(uninstalledDir, { recursive: true, force: true });
});

// Texts to typecheck, collected while the cases run and checked together at the end.
const toTypecheck = new Map<string, string>();

const all = cases();

describe.each(all.map((c) => [`${c.transform}/${c.name}`, c] as const))('fixture %s', (_label, c) => {
  const input = readFileSync(c.inputPath, 'utf8');
  const expected = c.outputPath ? readFileSync(c.outputPath, 'utf8') : input;

  it('produces the expected output exactly', () => {
    const result = runTransform(c, input);
    expect(result.output ?? input).toBe(expected);
    if (!c.outputPath) expect(result.output).toBeUndefined();
  });

  it('is idempotent: a second run changes nothing and reports nothing new', () => {
    const again = runTransform(c, expected);
    expect(again.output ?? expected).toBe(expected);
    const reported = new Set(runTransform(c, input).findings.map((f) => `${f.rule}: ${f.message}`));
    expect(again.findings.map((f) => `${f.rule}: ${f.message}`).filter((f) => !reported.has(f))).toEqual([]);
  });

  if (/\.[cm]?tsx?$/.test(c.inputPath)) {
    // Outputs are checked under a virtual name beside the input, so relative imports resolve.
    toTypecheck.set(c.inputPath, input);
    toTypecheck.set(c.inputPath.replace('.input.', '.expected-output.'), expected);
  }
});

// Diagnostics of noUnusedLocals / noUnusedParameters: many packages compile with them, so an output
// may not add one its input does not have (an unused local, parameter, type or import of the rewrite).
const UNUSED_CODES = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);

// Outputs known to add such a diagnostic, each a defect still open (none at present). The set found
// must equal this one: a fix removes its entry.
const KNOWN_UNUSED = new Set<string>([]);

describe('fixture outputs typecheck against @modelcontextprotocol/server 2.x', () => {
  afterAll(() => toTypecheck.clear());
  let checked: Map<string, readonly import('typescript').Diagnostic[]> | undefined;
  it('has no type errors', () => {
    checked = new SdkTypecheck({ ...SDK_CHECK_OPTIONS, noUnusedLocals: true, noUnusedParameters: true }).check(toTypecheck);
    const diagnostics = [...checked.values()].flat().filter((d) => !UNUSED_CODES.has(d.code));
    expect(formatDiagnostics(diagnostics, root)).toBe('');
    // One program over every fixture's input and output: 171 s once on a machine shared by several test runs.
  }, 600_000);

  it('adds no unused local, parameter, type or import (noUnusedLocals, noUnusedParameters) the input does not have', () => {
    expect(checked).toBeDefined();
    const unused = (file: string) => (checked!.get(file) ?? []).filter((d) => UNUSED_CODES.has(d.code))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    const added = new Map<string, string[]>();
    for (const file of checked!.keys()) {
      if (!file.includes('.expected-output.')) continue;
      const before = unused(file.replace('.expected-output.', '.input.'));
      const extra = unused(file).filter((m) => !before.includes(m));
      const name = path.relative(fixturesDir, file).replace(/\.expected-output\.[cm]?tsx?$/, '').split(path.sep).join('/');
      if (extra.length > 0) added.set(name, extra);
    }
    const unexpected = [...added].filter(([name]) => !KNOWN_UNUSED.has(name)).map(([name, extra]) => `${name}: ${extra.join('; ')}`);
    expect(unexpected).toEqual([]);
    expect([...KNOWN_UNUSED].filter((name) => !added.has(name))).toEqual([]);
  });
});
