// Fixture pairs of the zod 3 → zod 4 follow-up (src/upgrade/zod-upgrade.ts): every
// test/zod/__testfixtures__/<case>.input.ts is rewritten alone and must equal <case>.output.ts byte
// for byte (or stay unchanged when there is none); rewriting the output again changes nothing; the
// error findings are exactly those of <case>.errors.json ("line: message" strings; none when the
// file is absent). Every input typechecks against zod 3 (the `zod/v3` build zod 4 ships, standing in
// for `zod`), and every output of a case without errors against zod 4.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts, type Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { applyEdits, lineAndColumn } from '../../src/ast/edits.js';
import { upgradeZod3 } from '../../src/upgrade/zod-upgrade.js';
import { strictProject } from '../helpers/strict-project.js';
import { upgradeCases } from '../helpers/upgrade-cases.js';

const dir = fileURLToPath(new URL('./__testfixtures__', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

const cases = upgradeCases(dir);

function upgrade(text: string) {
  const result = upgradeZod3(ts.createSourceFile('case.ts', text, ts.ScriptTarget.Latest, true));
  return {
    output: applyEdits(text, result.edits),
    errors: result.findings.filter((f) => f.severity === 'error').map((f) => `${lineAndColumn(text, f.pos).line}: ${f.message}`),
  };
}

const inputs = new Map<string, string>();
const outputs = new Map<string, string>();

describe.each(cases.map((c) => [c.name, c] as const))('zod fixture %s', (_name, c) => {
  const input = readFileSync(c.inputPath, 'utf8');
  const expected = c.outputPath ? readFileSync(c.outputPath, 'utf8') : input;
  inputs.set(c.inputPath, input);
  if (!c.errorsPath) outputs.set(c.inputPath.replace('.input.', '.expected-output.'), expected);

  it('produces the expected output exactly', () => {
    expect(upgrade(input).output).toBe(expected);
  });

  it('reports exactly the expected errors', () => {
    const want = c.errorsPath ? (JSON.parse(readFileSync(c.errorsPath, 'utf8')) as string[]) : [];
    expect(upgrade(input).errors).toEqual(want);
  });

  it('is idempotent', () => {
    expect(upgrade(expected).output).toBe(expected);
  });
});

function newProject(zod3: boolean): Project {
  return strictProject({ types: [], ...(zod3 ? { paths: { zod: [path.join(root, 'node_modules/zod/v3/index.d.cts')] } } : {}) });
}

function typecheck(files: Map<string, string>, zod3: boolean): string {
  const project = newProject(zod3);
  const sources = [...files].map(([file, text]) => project.createSourceFile(file, text, { overwrite: true }));
  return project.formatDiagnosticsWithColorAndContext(sources.flatMap((f) => f.getPreEmitDiagnostics()));
}

/** The lines of each file zod 4's typings reject. */
function rejectedLines(files: Map<string, string>): Map<string, number[]> {
  const project = newProject(false);
  return new Map(
    [...files].map(([file, text]) => {
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
      reported.set(c.inputPath, [...new Set(upgrade(text).errors.map((e) => Number(e.split(':')[0])))].sort((a, b) => a - b));
    }
    expect(rejectedLines(withErrors)).toEqual(reported);
  });
  it('inputs against zod 3', () => {
    expect(typecheck(inputs, true)).toBe('');
  });
  it('outputs against zod 4', () => {
    expect(typecheck(outputs, false)).toBe('');
  });
});
