// format/same-code.ts: two layouts of one file are the same code when only what prettier changes differs.
import { describe, expect, it } from 'vitest';
import { sameCode } from '../src/format/same-code.js';

const same = (a: string, b: string, file = 'a.ts') => sameCode(file, a, b);

describe('sameCode', () => {
  it('sets aside layout, parentheses, quotes, semicolons and trailing commas', () => {
    expect(same("const a = {b: 1, c: 'x',}\nf( (a) )\n", 'const a = { b: 1, c: "x" };\nf(a);\n')).toBe(true);
    expect(same('type T =\n  | A\n  | B;\n', 'type T = A | B;\n')).toBe(true);
    expect(same('const x = (a + b) * c;\n', 'const x = (a + b) * c\n')).toBe(true);
    // A property name's quotes; a union of one type; a block comment's indentation.
    expect(same("const o = { 'a': 1 };\n", 'const o = { a: 1 };\n')).toBe(true);
    expect(same('type T =\n  | A;\n', 'type T = A;\n')).toBe(true);
    expect(same('  /** a\n   *  b */\nf();\n', '/** a\n *  b */\nf();\n')).toBe(true);
    // A string is not a name outside a property's name.
    expect(same("f('a');\n", 'f(a);\n')).toBe(false);
  });

  it('tells different code apart', () => {
    // Precedence: the tree differs once the parentheses are set aside.
    expect(same('const x = (a + b) * c;\n', 'const x = a + b * c;\n')).toBe(false);
    // A value, a name.
    expect(same("f('a');\n", "f('b');\n")).toBe(false);
    expect(same('f(a);\n', 'f(b);\n')).toBe(false);
    // Automatic semicolon insertion: the second line is a call of the first's value.
    expect(same('const a = b\n;(c).run()\n', 'const a = b\n(c).run()\n')).toBe(false);
    // What a node holds besides its children: an operator, let or const, a type-only import.
    expect(same('f(-a);\n', 'f(+a);\n')).toBe(false);
    expect(same('a++;\n', 'a--;\n')).toBe(false);
    expect(same('let a = 1;\n', 'const a = 1;\n')).toBe(false);
    expect(same("import type { A } from './a';\n", "import { A } from './a';\n")).toBe(false);
    expect(same('class A extends B {}\n', 'class A implements B {}\n')).toBe(false);
  });

  it('wants the same comments, wherever the layout puts them', () => {
    expect(same('f(a, // why\n  b);\n', 'f(\n  a, // why\n  b,\n);\n')).toBe(true);
    expect(same('f(a); // why\n', 'f(a);\n')).toBe(false);
    expect(same('{\n  f();\n  // last\n}\n', '{\n  f();\n}\n')).toBe(false);
  });

  it('refuses text that does not parse', () => {
    expect(same('f(\n', 'f(\n')).toBe(false);
  });
});
