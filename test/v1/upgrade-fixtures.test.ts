// Fixture pairs of the v1 → v2 surface upgrade (src/upgrade/sdk-upgrade.ts with src/upgrade/v1/): every
// test/v1/__testfixtures__/<case>.input.ts (or .js) is upgraded alone (no MRTR transform) and must
// equal <case>.output.ts byte for byte (or stay unchanged when there is no output file); upgrading the
// output again changes nothing; the error-severity findings are exactly those listed in
// <case>.errors.json ("line: message" strings; none when the file is absent). Every input
// typechecks against the real v1 SDK (@modelcontextprotocol/sdk 1.x) and every output of a case
// without errors against @modelcontextprotocol/server 2.x, each in one shared program (JavaScript
// checked too, as checkJs does).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { transformSource } from '../../src/engine.js';
import { strictProject } from '../helpers/strict-project.js';
import { upgradeCases, type UpgradeCase } from '../helpers/upgrade-cases.js';

const dir = fileURLToPath(new URL('./__testfixtures__', import.meta.url));

type Case = UpgradeCase;

const cases = (): Case[] => upgradeCases(dir);

function upgrade(c: Case, text: string) {
  return transformSource({ absPath: c.inputPath, text, transforms: [], sdkUpgrade: 'auto', sdkProjectType: 'server' });
}

const inputs = new Map<string, string>();
const outputs = new Map<string, string>();

describe.each(cases().map((c) => [c.name, c] as const))('v1 upgrade fixture %s', (_name, c) => {
  const input = readFileSync(c.inputPath, 'utf8');
  const expected = c.outputPath ? readFileSync(c.outputPath, 'utf8') : input;
  inputs.set(c.inputPath, input);
  // A case with errors keeps v1 code the upgrade could not rewrite: its output is not v2 code.
  if (!c.errorsPath) outputs.set(c.inputPath.replace('.input.', '.expected-output.'), expected);

  it('produces the expected output exactly', () => {
    const result = upgrade(c, input);
    expect(result.output ?? input).toBe(expected);
  });

  it('reports exactly the expected errors', () => {
    const errors = upgrade(c, input).findings.filter((f) => f.severity === 'error').map((f) => `${f.line}: ${f.message}`);
    const want = c.errorsPath ? (JSON.parse(readFileSync(c.errorsPath, 'utf8')) as string[]) : [];
    expect(errors).toEqual(want);
  });

  it('is idempotent', () => {
    const again = upgrade(c, expected);
    expect(again.output ?? expected).toBe(expected);
  });
});

function typecheck(files: Map<string, string>): string {
  const project = strictProject({ allowJs: true, checkJs: true });
  const sources = [...files].map(([file, text]) => project.createSourceFile(file, text, { overwrite: true }));
  return project.formatDiagnosticsWithColorAndContext(sources.flatMap((f) => f.getPreEmitDiagnostics()));
}

describe('v1 upgrade fixtures typecheck', () => {
  afterAll(() => {
    inputs.clear();
    outputs.clear();
  });
  it('inputs against @modelcontextprotocol/sdk 1.x', () => {
    expect(typecheck(inputs)).toBe('');
  });
  it('outputs against @modelcontextprotocol/server 2.x', () => {
    expect(typecheck(outputs)).toBe('');
  });
});
