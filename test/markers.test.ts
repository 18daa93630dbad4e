// Review markers go on the line above the statement they are about, and above any comment that acts
// on the next line (`@ts-expect-error`, `eslint-disable-next-line`, …): a marker between such a
// comment and its line would take the line's place, and the hidden error or lint would come back.
import { describe, expect, it } from 'vitest';
import { placeMarkers } from '../src/markers.js';
import { inMemoryProject } from '../src/ast/side-parse.js';

function mark(text: string, needle: string): string {
  const file = inMemoryProject().createSourceFile('/m.ts', text);
  return placeMarkers(text, file, [{ pos: text.indexOf(needle), rule: 'push-request', message: 'why' }]);
}

describe('placeMarkers', () => {
  it('puts the marker directly above a plain statement', () => {
    expect(mark('const a = 1;\nask(a);\n', 'ask')).toBe('const a = 1;\n// @mcp-mrtr-migrate push-request: why\nask(a);\n');
  });

  it('puts the marker above next-line directives, keeping them on their line', () => {
    const text = 'function f() {\n  // eslint-disable-next-line no-console\n  // @ts-expect-error not typed\n  ask(1);\n}\n';
    expect(mark(text, 'ask')).toBe(
      'function f() {\n  // @mcp-mrtr-migrate push-request: why\n  // eslint-disable-next-line no-console\n  // @ts-expect-error not typed\n  ask(1);\n}\n',
    );
  });

  it('stays below an ordinary comment and is not written twice', () => {
    const once = mark('// says what ask does\nask(1);\n', 'ask(');
    expect(once).toBe('// says what ask does\n// @mcp-mrtr-migrate push-request: why\nask(1);\n');
    expect(mark(once, 'ask(')).toBe(once);
  });

  it('is not written twice above directives either', () => {
    const once = mark('/* @ts-ignore */\nask(1);\n', 'ask');
    expect(once).toBe('// @mcp-mrtr-migrate push-request: why\n/* @ts-ignore */\nask(1);\n');
    expect(mark(once, 'ask(')).toBe(once);
  });
});
