// removalRange: a removed statement takes its own lines and the comments about it, never the
// file's header, a license comment, a comment a blank line away, or a comment above a paragraph
// whose other statements stay.
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { removalRange } from '../src/ast/removal.js';

const project = new Project({ useInMemoryFileSystem: true });

/** The text after removing the statement (of the file's top level) whose text starts with `prefix`. */
function remove(text: string, prefix: string, collapseBlank = false): string {
  const file = project.createSourceFile('/x.ts', text, { overwrite: true });
  const statement = file.getStatements().find((s) => s.getText().startsWith(prefix));
  if (!statement) throw new Error(`no statement starting with ${prefix}`);
  const range = removalRange(text, statement, { collapseBlank });
  return text.slice(0, range.start) + text.slice(range.end);
}

describe('removalRange', () => {
  it('keeps the file header above a first import that goes', () => {
    const header = '/**\n * Weather server.\n * Serves forecasts.\n */\n';
    const text = `${header}import { StdioServerTransport } from 'x';\nimport { McpServer } from 'y';\n`;
    expect(remove(text, 'import { Stdio')).toBe(`${header}import { McpServer } from 'y';\n`);
  });

  it('takes a comment about a statement that stands alone', () => {
    const text = `const a = 1;\n\n// the transport\nconst transport = make();\n\nconst b = 2;\n`;
    expect(remove(text, 'const transport')).toBe(`const a = 1;\n\n\nconst b = 2;\n`);
    expect(remove(text, 'const transport', true)).toBe(`const a = 1;\n\nconst b = 2;\n`);
  });

  it('keeps a comment above a paragraph whose other statements stay', () => {
    const text = `const a = 1;\n\n// Serve over stdio.\nconst server = createServer();\nawait server.connect(t);\n`;
    expect(remove(text, 'const server')).toBe(`const a = 1;\n\n// Serve over stdio.\nawait server.connect(t);\n`);
  });

  it('keeps license lines and comments a blank line away', () => {
    const license = '// SPDX-License-Identifier: MIT\n';
    const text = `const a = 1;\n${license}import { x } from 'x';\n`;
    expect(remove(text, 'import')).toBe(`const a = 1;\n${license}`);
    const apart = `const a = 1;\n// about what follows\n\nconst b = 2;\n`;
    expect(remove(apart, 'const b')).toBe(`const a = 1;\n// about what follows\n\n`);
  });

  it('takes a comment after the statement on its line, and only the statement when it shares its line', () => {
    expect(remove(`const a = 1;\nconst b = 2; // b\nconst c = 3;\n`, 'const b')).toBe(`const a = 1;\nconst c = 3;\n`);
    expect(remove(`const a = 1; const b = 2;\n`, 'const b')).toBe(`const a = 1; \n`);
  });
});
