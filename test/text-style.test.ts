import { describe, expect, it } from 'vitest';
import { detectStyle } from '../src/ast/text-style.js';

const join = (...lines: string[]) => lines.join('\n') + '\n';

const twoSpaceSingleSemi = join(
  "import { McpServer } from '@modelcontextprotocol/server';",
  "import { z } from 'zod';",
  '',
  '/**',
  ' * A tool.',
  ' *   with an indented doc line',
  ' */',
  'export function register(server: McpServer) {',
  "  server.registerTool('x', {}, async () => {",
  '    if (a) {',
  "      return { content: [{ type: 'text', text: \"it's\" }] };",
  '    }',
  '    return done;',
  '  });',
  '}',
);

const fourSpaceDoubleNoSemi = join(
  'import { McpServer } from "@modelcontextprotocol/server"',
  'const fs = require("node:fs")',
  '',
  'export function register(server) {',
  '    server.registerTool("x", {}, async () => {',
  '        const a = await load()',
  '        if (a) {',
  '            return a',
  '        }',
  '        return null',
  '    })',
  '}',
);

const tabs = join(
  "import x from 'x';",
  'function f() {',
  '\tif (x) {',
  '\t\treturn 1;',
  '\t}',
  '\treturn 2;',
  '}',
);

describe('detectStyle', () => {
  it('reads 2-space indent, single quotes, semicolons, LF', () => {
    expect(detectStyle(twoSpaceSingleSemi)).toEqual({ eol: '\n', indentUnit: '  ', quote: "'", semicolons: true });
  });

  it('reads 4-space indent, double quotes, no semicolons', () => {
    expect(detectStyle(fourSpaceDoubleNoSemi)).toEqual({ eol: '\n', indentUnit: '    ', quote: '"', semicolons: false });
  });

  it('reads tabs', () => {
    expect(detectStyle(tabs).indentUnit).toBe('\t');
  });

  it('detects CRLF when the file has any', () => {
    expect(detectStyle(fourSpaceDoubleNoSemi.replace(/\n/g, '\r\n'))).toEqual({
      eol: '\r\n',
      indentUnit: '    ',
      quote: '"',
      semicolons: false,
    });
    expect(detectStyle('a;\nb;\r\nc;\n').eol).toBe('\r\n');
  });

  it('lets import quotes outvote other strings', () => {
    const text = join("import a from 'a';", "import b from 'b';", 'const s = ["x", "y", "z", "w"];');
    expect(detectStyle(text).quote).toBe("'");
    expect(detectStyle(join('const s = ["x", "y"];', "const t = 'z';")).quote).toBe('"');
  });

  it('does not count quotes in comments, template literals or JSX text', () => {
    const text = join(
      '// "a" "b" "c"',
      '/* "d" "e" */',
      'const t = `"f" "g" ${"h"}`;',
      'const el = <p>Don\'t "stop"</p>;',
      "const s = 'one';",
    );
    // Only 'one' and the JSX "stop" remain: a tie, broken by the default.
    expect(detectStyle(text).quote).toBe("'");
    expect(detectStyle(text.replace("'one'", '"one"')).quote).toBe('"');
  });

  it('counts a deeper block at 4 as one 4-space step, not two 2-space steps', () => {
    const text = join('function f() {', '    a();', '    if (b) {', '        c();', '    }', '}');
    expect(detectStyle(text).indentUnit).toBe('    ');
  });

  it('ignores JSDoc continuation lines when voting on indent', () => {
    const text = join('/**', ' * one', ' *   two', ' */', 'class A {', '    m() {', '        x();', '    }', '}');
    expect(detectStyle(text).indentUnit).toBe('    ');
  });

  it('sees no-semicolon style from `})` and declarations', () => {
    const text = join("import a from 'a'", "foo('x', () => {", '  bar()', '})', 'export default a');
    expect(detectStyle(text).semicolons).toBe(false);
  });

  it('ignores line comments and for-headers when voting on semicolons', () => {
    const text = join('const a = 1 // no semicolon here;', 'for (let i = 0; i < 3; i++) {}', 'let b = 2');
    expect(detectStyle(text).semicolons).toBe(false);
  });

  it('falls back to 2 spaces, single quotes and semicolons without evidence', () => {
    expect(detectStyle('')).toEqual({ eol: '\n', indentUnit: '  ', quote: "'", semicolons: true });
    expect(detectStyle('x')).toEqual({ eol: '\n', indentUnit: '  ', quote: "'", semicolons: true });
  });
});
