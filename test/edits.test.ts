// Mapping finding positions through later edits: a finding inside code that a later transform
// rewrote must land on the same code in the rewritten text, so its marker sits on that statement
// (and a second run finds it there instead of adding another).
import { describe, expect, it } from 'vitest';
import { applyEdits, mapForward } from '../src/ast/edits.js';

describe('mapForward', () => {
  const before = 'a();\nfunction h() {\n  const x = ask();\n  return failure(x);\n}\nz();\n';
  const start = before.indexOf('function');
  const end = before.indexOf('z();');
  const rewritten = 'type S = {};\nfunction h() {\n  let s = resume();\n  return failure(x);\n}\n';
  const edits = [{ start, end, text: rewritten }];
  const after = applyEdits(before, edits);

  it('follows code the replacement carries on verbatim', () => {
    const pos = before.indexOf('return failure');
    expect(after.slice(mapForward(pos, edits, before)).startsWith('return failure(x);')).toBe(true);
  });

  it('falls back to the start of the replaced range when the code is gone or ambiguous', () => {
    const gone = before.indexOf('const x');
    expect(mapForward(gone, edits, before)).toBe(start);
    const twice = [{ start, end, text: 'return failure(x);\nreturn failure(x);\n' }];
    expect(mapForward(before.indexOf('return failure'), twice, before)).toBe(start);
  });

  it('places a short line by the lines above it, whatever their new indentation', () => {
    const text = 'h(async () => {\n  const r = build(x);\n  return r;\n});\n';
    const replaced = { start: 0, end: text.length, text: 'type S = {};\nh(async () => {\n  if (s) {\n    const r = build(x);\n    return r;\n  }\n  return r;\n});\n' };
    const pos = text.indexOf('r;');
    const mapped = mapForward(pos, [replaced], text);
    expect(replaced.text.slice(mapped - '    const r = build(x);\n    return '.length, mapped + 2)).toBe('    const r = build(x);\n    return r;');
    // Found more than once even with its context: the start of the range, as before.
    const twice = { ...replaced, text: replaced.text + replaced.text };
    expect(mapForward(pos, [twice], text)).toBe(0);
  });

  it('keeps the old behaviour without the text before the edits', () => {
    expect(mapForward(before.indexOf('return failure'), edits)).toBe(start);
  });

  it('maps positions outside any edit by the length change before them', () => {
    const pos = before.indexOf('z();');
    expect(after.slice(mapForward(pos, edits, before), mapForward(pos, edits, before) + 4)).toBe('z();');
  });
});
