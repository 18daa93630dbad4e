// Raw shapes beside values the file does not show (src/upgrade/v1/schema-objects.ts): with the
// dependencies installed the checker tells an imported shape from an imported schema (fixture
// register-shapes-mixed); without them neither is known, and an input literal beside one stays the
// raw shape it was (v2's raw-shape form takes it beside a schema or a shape alike).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { transformSource } from '../../src/engine.js';

const fixtures = fileURLToPath(new URL('./__testfixtures__', import.meta.url));

describe('register-shapes-mixed without installed dependencies', () => {
  // Copied where no node_modules is above it: nothing types the file.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-mrtr-shapes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['register-shapes-mixed.input.ts', 'register-shapes-mixed.shapes.ts']) copyFileSync(path.join(fixtures, name), path.join(dir, name));
  const file = path.join(dir, 'register-shapes-mixed.input.ts');
  const input = readFileSync(file, 'utf8');
  const output = transformSource({ absPath: file, text: input, transforms: [], sdkUpgrade: 'auto', sdkProjectType: 'server' }).output ?? input;
  const line = (text: string, tool: string) => text.split('\n').find((l) => l.includes(`registerTool('${tool}'`));
  const expected = readFileSync(path.join(fixtures, 'register-shapes-mixed.output.ts'), 'utf8');

  it.each(['other', 'schema'])("keeps tool '%s' as it was: its imported output cannot be told", (tool) => {
    expect(line(output, tool)).toBe(line(input, tool));
  });

  it('rewrites every other line as with them', () => {
    const others = (text: string) => text.split('\n').filter((l) => !/registerTool\('(other|schema)'/.test(l));
    expect(others(output)).toEqual(others(expected));
  });
});
