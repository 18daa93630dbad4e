// Fixture pairs of the zod 3 → zod 4 follow-up (src/upgrade/zod-upgrade.ts): every
// test/zod/__testfixtures__/<case>.input.ts is rewritten alone and must equal <case>.output.ts byte
// for byte (or stay unchanged when there is none); rewriting the output again changes nothing; the
// error findings are exactly those of <case>.errors.json and the warnings those of
// <case>.warnings.json ("line: message" strings; none when the file is absent). <case>.options.json
// may name the `code` (which imports are zod 3's: `zod3`, the default, or `v3-subpath` for a package
// on zod 4 already). Every input typechecks against zod 3 where the case reads `zod` as zod 3 (the
// `zod/v3` build zod 4 ships, standing in for `zod`), against zod 4 otherwise; every output of a
// case without errors against zod 4; and the errors stand on exactly the lines zod 4 rejects once
// `zod/v3` is zod 4 too.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts, type Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { applyEdits, lineAndColumn } from '../../src/ast/edits.js';
import { upgradeZod3, type ZodCode } from '../../src/upgrade/zod-upgrade.js';
import { strictProject } from '../helpers/strict-project.js';
import { upgradeCases } from '../helpers/upgrade-cases.js';

const dir = fileURLToPath(new URL('./__testfixtures__', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

const cases = upgradeCases(dir);

const codeOf = (inputPath: string): ZodCode => {
  const options = inputPath.replace('.input.ts', '.options.json');
  return existsSync(options) ? (JSON.parse(readFileSync(options, 'utf8')) as { code: ZodCode }).code : 'zod3';
};

function upgrade(text: string, code: ZodCode) {
  const result = upgradeZod3(ts.createSourceFile('case.ts', text, ts.ScriptTarget.Latest, true), code);
  const listed = (severity: string) => result.findings.filter((f) => f.severity === severity).map((f) => `${lineAndColumn(text, f.pos).line}: ${f.message}`);
  return { output: applyEdits(text, result.edits), errors: listed('error'), warnings: listed('warning') };
}

/** Inputs read as zod 3 (`zod` stands for zod 3), inputs of `v3-subpath` cases (`zod` is zod 4), outputs. */
const inputs = new Map<string, string>();
const zod4Inputs = new Map<string, string>();
const outputs = new Map<string, string>();

describe.each(cases.map((c) => [c.name, c] as const))('zod fixture %s', (_name, c) => {
  const input = readFileSync(c.inputPath, 'utf8');
  const expected = c.outputPath ? readFileSync(c.outputPath, 'utf8') : input;
  const code = codeOf(c.inputPath);
  (code === 'zod3' ? inputs : zod4Inputs).set(c.inputPath, input);
  if (!c.errorsPath) outputs.set(c.inputPath.replace('.input.', '.expected-output.'), expected);

  it('produces the expected output exactly', () => {
    expect(upgrade(input, code).output).toBe(expected);
  });

  it('reports exactly the expected errors and warnings', () => {
    const listed = (file: string | undefined) => (file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []);
    const result = upgrade(input, code);
    expect(result.errors).toEqual(listed(c.errorsPath));
    expect(result.warnings).toEqual(listed(c.inputPath.replace('.input.ts', '.warnings.json')));
  });

  it('is idempotent', () => {
    expect(upgrade(expected, code).output).toBe(expected);
  });
});

/** `zod` as zod 3 (its `zod/v3` build), or zod 4 with `zod/v3` as zod 4 too (`v3AsZod4`). */
function newProject(zod3: boolean, v3AsZod4 = false): Project {
  const paths: Record<string, string[]> | undefined = zod3
    ? { zod: [path.join(root, 'node_modules/zod/v3/index.d.cts')] }
    : v3AsZod4
      ? { 'zod/v3': [path.join(root, 'node_modules/zod/index.d.cts')] }
      : undefined;
  return strictProject({ types: [], ...(paths ? { paths } : {}) });
}

function typecheck(files: Map<string, string>, zod3: boolean): string {
  const project = newProject(zod3);
  const sources = [...files].map(([file, text]) => project.createSourceFile(file, text, { overwrite: true }));
  return project.formatDiagnosticsWithColorAndContext(sources.flatMap((f) => f.getPreEmitDiagnostics()));
}

/** The lines of each file zod 4's typings reject. */
function rejectedLines(files: Map<string, string>): Map<string, number[]> {
  // (Only for files that import `zod/v3`: zod-to-json-schema's own typings import it too.)
  const plain = newProject(false);
  const v3AsZod4 = newProject(false, true);
  return new Map(
    [...files].map(([file, text]) => {
      const project = /['"]zod\/v3['"]/.test(text) ? v3AsZod4 : plain;
      const source = project.createSourceFile(file, text, { overwrite: true });
      const lines = source.getPreEmitDiagnostics().map((d) => source.getLineAndColumnAtPos(d.getStart() ?? 0).line);
      return [file, [...new Set(lines)].sort((a, b) => a - b)];
    }),
  );
}

describe('zod fixtures typecheck', () => {
  it('the errors are reported on exactly the lines zod 4 rejects', () => {
    const reported = new Map<string, number[]>();
    const withErrors = new Map<string, string>();
    for (const c of cases.filter((c) => c.errorsPath)) {
      const text = readFileSync(c.inputPath, 'utf8');
      withErrors.set(c.inputPath, text);
      // (A call into zod-to-json-schema breaks when it runs; the typings of the version installed
      // here, 3.25.2, reject these zod 4 schemas too.)
      reported.set(c.inputPath, [...new Set(upgrade(text, codeOf(c.inputPath)).errors.map((e) => Number(e.split(':')[0])))].sort((a, b) => a - b));
    }
    expect(rejectedLines(withErrors)).toEqual(reported);
  });
  it('inputs against zod 3', () => {
    expect(typecheck(inputs, true)).toBe('');
  });
  it('inputs of packages on zod 4 already against zod 4 (and `zod/v3`)', () => {
    expect(typecheck(zod4Inputs, false)).toBe('');
  });
  it('outputs against zod 4', () => {
    expect(typecheck(outputs, false)).toBe('');
  });
});
