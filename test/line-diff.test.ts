// src/write/line-diff.ts follows jsdiff's line diff step for step: its hunks must be structuredPatch's,
// byte for byte, on texts full of ties (repeated lines, blank lines, braces), on CRLF, on a missing
// last newline, and on the empty text; and a search too large for its budget is handed to jsdiff.
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { lineHunks, lineRuns, splitLineTokens } from '../src/write/line-diff.js';

/** A small deterministic generator (mulberry32): the cases are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines drawn from a few values, so that most lines have twins and the search meets ties everywhere. */
const VALUES = ['', '}', '  }', '});', 'return x;', 'const a = 1;', 'if (b) {', '// note', '  await ask();', '\t'];

function text(next: () => number, lines: number, eol: string): string {
  const out = Array.from({ length: lines }, () => VALUES[Math.floor(next() * VALUES.length)]);
  return out.join(eol) + (next() < 0.8 ? eol : '');
}

/** `old` edited a few times: lines removed, added, replaced, in runs. */
function edited(next: () => number, old: string, eol: string): string {
  const lines = old.split(eol);
  const edits = 1 + Math.floor(next() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (lines.length + 1));
    const removed = Math.floor(next() * 4);
    const added = Array.from({ length: Math.floor(next() * 4) }, () => VALUES[Math.floor(next() * VALUES.length)]);
    lines.splice(at, removed, ...added);
  }
  return lines.join(eol);
}

const jsdiff = (a: string, b: string, context = 3) => structuredPatch('a', 'b', a, b, undefined, undefined, { context }).hunks;

describe('lineHunks', () => {
  it('gives structuredPatch’s hunks on 3,000 texts full of repeated lines', () => {
    const next = random(26);
    for (let i = 0; i < 3000; i++) {
      const eol = next() < 0.2 ? '\r\n' : '\n';
      const old = text(next, Math.floor(next() * 60), eol);
      const changed = next() < 0.15 ? text(next, Math.floor(next() * 60), eol) : edited(next, old, eol);
      const context = next() < 0.8 ? 3 : Math.floor(next() * 5);
      expect(lineHunks(old, changed, context), `case ${i}`).toEqual(jsdiff(old, changed, context));
    }
  });

  it('gives structuredPatch’s hunks at the edges: empty texts, equal texts, a last line without newline, mixed endings', () => {
    const pairs: [string, string][] = [
      ['', ''], ['', 'a\n'], ['a\n', ''], ['a', 'a\n'], ['a\n', 'a'], ['a\nb', 'a\nc'], ['x\n', 'x\n'],
      ['a\r\nb\nc\r\n', 'a\nb\r\nc\r\n'], ['\n\n\n', '\n\n'], ['a\rb\n', 'a\rc\n'], ['}\n}\n}\n', '}\n}\n'],
    ];
    for (const [a, b] of pairs) expect(lineHunks(a, b, 3), JSON.stringify([a, b])).toEqual(jsdiff(a, b));
  });

  it('splits lines as jsdiff does (\\n or \\r\\n ends a line; a lone \\r does not)', () => {
    expect(splitLineTokens('a\r\nb\nc')).toEqual(['a\r\n', 'b\n', 'c']);
    expect(splitLineTokens('a\rb\n\n')).toEqual(['a\rb\n', '\n']);
    expect(splitLineTokens('')).toEqual([]);
  });

  it('hands a search larger than its budget over to jsdiff, with the same hunks', () => {
    const next = random(7);
    const old = text(next, 200, '\n');
    const changed = text(next, 200, '\n');
    const nodes = (budget: number) => lineRuns(splitLineTokens(old), splitLineTokens(changed), budget);
    expect(nodes(1_000_000)).toBeDefined();
    expect(nodes(100)).toBeUndefined();
    expect(lineHunks(old, changed, 3, 100)).toEqual(jsdiff(old, changed));
  });
});
