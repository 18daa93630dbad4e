import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { formatIfConfigured } from '../src/format/format.js';
import { FormatThread } from '../src/format/format-thread.js';
import { diffHunks, unifiedDiff } from '../src/write/diff.js';

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function write(rel: string, text: string): string {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  return abs;
}

const ugly = 'const a = {b:1,\n  c: "x"}\nexport   default a\n';

describe('formatIfConfigured', () => {
  it('leaves the text alone when no prettier config applies', async () => {
    const file = write('a.ts', ugly);
    expect(await formatIfConfigured(file, ugly)).toEqual({ text: ugly, formatted: false });
  });

  it('formats with the nearest .prettierrc (its options, parser from the path)', async () => {
    write('.prettierrc', JSON.stringify({ singleQuote: true, semi: false }));
    const file = write('src/a.ts', ugly);
    const result = await formatIfConfigured(file, ugly);
    expect(result).toEqual({ text: "const a = { b: 1, c: 'x' }\nexport default a\n", formatted: true });
  });

  // mongodb-mcp-server, conformance, typescript-sdk: files laid out by another prettier version
  // (`| A\n| B` unions) had those untouched lines laid out anew along with the run's changes.
  it("given the file as it was, lays out only the lines the run wrote; the rest keeps the file's layout", async () => {
    write('.prettierrc', JSON.stringify({ singleQuote: true }));
    const original = ['type Outcome =', '  | { ok: true }', '  | { ok: false };', '', "export function ask(): string { return 'a' }", ''].join('\n');
    // The run rewrote the function, in a layout of its own.
    const output = original.replace("return 'a' }", "return   'b' }");
    const file = write('src/a.ts', output);
    expect((await formatIfConfigured(file, output, original)).text).toBe(
      ['type Outcome =', '  | { ok: true }', '  | { ok: false };', '', 'export function ask(): string {', "  return 'b';", '}', ''].join('\n'),
    );
    // Without the original: the whole file, as prettier lays it out.
    expect((await formatIfConfigured(file, output)).text).toBe(['type Outcome = { ok: true } | { ok: false };', '', 'export function ask(): string {', "  return 'b';", '}', ''].join('\n'));
  });

  it("gives prettier's whole layout for a file that was laid out by prettier already", async () => {
    write('.prettierrc', '{}');
    const original = 'export const a = 1;\n\nexport function f() {\n  return a;\n}\n';
    const output = original.replace('return a;', 'return   g(a,\n b);');
    const file = write('d.ts', output);
    expect((await formatIfConfigured(file, output, original)).text).toBe((await formatIfConfigured(file, output)).text);
    expect((await formatIfConfigured(file, output, original)).text).toBe('export const a = 1;\n\nexport function f() {\n  return g(a, b);\n}\n');
  });

  it('uses the parser of the file type (TypeScript syntax in .ts, JSX in .tsx)', async () => {
    write('.prettierrc.json', '{}');
    const ts = 'let x:number=1\nfunction f<T,>(a:T){return a}\n';
    expect((await formatIfConfigured(path.join(tmp, 'a.ts'), ts)).text).toBe(
      'let x: number = 1;\nfunction f<T>(a: T) {\n  return a;\n}\n',
    );
    const tsx = 'const e=<div   id="a">{x}</div>\n';
    expect((await formatIfConfigured(path.join(tmp, 'a.tsx'), tsx)).text).toBe('const e = <div id="a">{x}</div>;\n');
  });

  it('counts a "prettier" key in package.json as configuration', async () => {
    write('package.json', JSON.stringify({ name: 'p', prettier: { tabWidth: 4 } }));
    const file = write('a.js', 'function f(){return 1}\n');
    expect(await formatIfConfigured(file, 'function f(){return 1}\n')).toEqual({
      text: 'function f() {\n    return 1;\n}\n',
      formatted: true,
    });
  });

  it('finds the configuration files prettier reads, several directories up (prettier is loaded only then)', async () => {
    write('a/.prettierrc.yaml', 'singleQuote: true\n');
    write('b/prettier.config.mjs', 'export default { semi: false };\n');
    write('c/package.json', JSON.stringify({ name: 'c', devDependencies: { prettier: '3' } }));
    const code = 'const a = "x";\n';
    expect((await formatIfConfigured(write('a/src/deep/x.ts', code), code)).text).toBe("const a = 'x';\n");
    expect((await formatIfConfigured(write('b/src/x.ts', code), code)).text).toBe('const a = "x"\n');
    expect(await formatIfConfigured(write('c/src/x.ts', code), code)).toEqual({ text: code, formatted: false });
  });

  it('does not count a package.json without a "prettier" key', async () => {
    write('package.json', JSON.stringify({ name: 'p' }));
    const file = write('a.js', ugly);
    expect((await formatIfConfigured(file, ugly)).formatted).toBe(false);
  });

  it('respects .prettierignore next to the config', async () => {
    write('.prettierrc', '{}');
    write('.prettierignore', 'generated/\n');
    const ignored = write('generated/a.ts', ugly);
    expect(await formatIfConfigured(ignored, ugly)).toEqual({ text: ugly, formatted: false });
    const other = write('src/a.ts', ugly);
    expect((await formatIfConfigured(other, ugly)).formatted).toBe(true);
  });

  it('applies overrides and .editorconfig', async () => {
    write('.editorconfig', 'root = true\n[*]\nindent_style = tab\n');
    write('.prettierrc', JSON.stringify({ overrides: [{ files: 'legacy/**', options: { semi: false } }] }));
    const code = 'function f(){return 1}\n';
    expect((await formatIfConfigured(write('legacy/a.js', code), code)).text).toBe('function f() {\n\treturn 1\n}\n');
    expect((await formatIfConfigured(write('src/a.js', code), code)).text).toBe('function f() {\n\treturn 1;\n}\n');
  });

  it('leaves a file alone when the config only has overrides for other file types (prettier for YAML, another formatter for code)', async () => {
    write('.prettierrc.json', JSON.stringify({ $schema: 'x', overrides: [{ files: ['*.yml', '*.yaml'], options: { tabWidth: 2 } }] }));
    const code = 'function f(){\n\treturn 1}\n';
    expect(await formatIfConfigured(write('src/a.ts', code), code)).toEqual({ text: code, formatted: false });
    expect((await formatIfConfigured(write('ci.yml', 'a:   1\n'), 'a:   1\n')).formatted).toBe(true);
  });

  it('keeps CRLF line endings unless the config sets endOfLine', async () => {
    write('.prettierrc', '{}');
    const crlf = 'const a={b:1}\r\nexport default a\r\n';
    expect((await formatIfConfigured(write('a.ts', crlf), crlf)).text).toBe('const a = { b: 1 };\r\nexport default a;\r\n');
    write('lf/.prettierrc', JSON.stringify({ endOfLine: 'lf' }));
    expect((await formatIfConfigured(write('lf/a.ts', crlf), crlf)).text).toBe('const a = { b: 1 };\nexport default a;\n');
  });

  it('keeps a BOM', async () => {
    write('.prettierrc', '{}');
    const text = '\uFEFFconst a={b:1}\n';
    expect((await formatIfConfigured(write('a.ts', text), text)).text).toBe('\uFEFFconst a = { b: 1 };\n');
  });

  it('returns the text unchanged when prettier throws (syntax error, broken config)', async () => {
    write('.prettierrc', '{}');
    const broken = 'const = = 1;\n';
    expect(await formatIfConfigured(write('a.ts', broken), broken)).toEqual({ text: broken, formatted: false });
    write('bad/.prettierrc.json', '{ not json');
    expect(await formatIfConfigured(write('bad/a.ts', ugly), ugly)).toEqual({ text: ugly, formatted: false });
  });
});

// The format thread runs compiled JavaScript (dist/src/format/format-worker.js): `npm test` builds first.
describe('FormatThread', () => {
  const compiled = new URL('../dist/src/format/format-worker.js', import.meta.url);

  /** Runs `body` with a thread of `url`, closed afterwards whatever happens. */
  async function withThread(url: URL, body: (thread: FormatThread) => Promise<void>): Promise<void> {
    const thread = new FormatThread(url);
    try {
      await body(thread);
    } finally {
      await thread.close();
    }
  }

  it('formats as formatIfConfigured does, and starts no thread for a file no config applies to', async () => {
    write('pkg/.prettierrc', JSON.stringify({ singleQuote: true, semi: false }));
    const formatted = write('pkg/src/a.ts', ugly);
    const plain = write('other/b.ts', ugly);
    await withThread(compiled, async (thread) => {
      expect(await thread.format(plain, ugly)).toEqual({ text: ugly });
      expect(thread.threadStarted).toBe(false);
      const results = await Promise.all([1, 2, 3].map((n) => thread.format(formatted, ugly.replace('1', String(n)))));
      expect(thread.threadStarted).toBe(true);
      expect(results).toEqual([1, 2, 3].map((n) => ({ text: `const a = { b: ${n}, c: 'x' }\nexport default a\n` })));
      expect(results[0].text).toBe((await formatIfConfigured(formatted, ugly)).text);
    });
  });

  it('given the original text, also gives the hunks of the diff (for a file without prettier too)', async () => {
    write('pkg/.prettierrc', JSON.stringify({ singleQuote: true, semi: false }));
    const formatted = write('pkg/src/a.ts', ugly);
    const plain = write('other/b.ts', ugly);
    await withThread(compiled, async (thread) => {
      const original = 'export default 1\n';
      const one = await thread.format(formatted, ugly, original);
      expect(one).toEqual({ text: "const a = { b: 1, c: 'x' }\nexport default a\n", hunks: diffHunks(original, one.text) });
      expect(unifiedDiff('a.ts', original, one.text, one.hunks)).toBe(unifiedDiff('a.ts', original, one.text));
      const two = await thread.format(plain, ugly, original);
      expect(two).toEqual({ text: ugly, hunks: diffHunks(original, ugly) });
      // Nothing changed: no hunks.
      expect(await thread.format(plain, ugly, ugly)).toEqual({ text: ugly });
    });
  });

  it('lets the caller wait until the backlog is short', async () => {
    write('.prettierrc', '{}');
    const file = write('src/a.ts', ugly);
    // Answers one request every 20 ms, in order.
    const slow = write('slow-worker.mjs', `import { parentPort } from 'node:worker_threads';
let chain = Promise.resolve();
parentPort.on('message', (r) => { chain = chain.then(() => new Promise((done) => setTimeout(() => { parentPort.postMessage({ id: r.id, text: 'formatted ' + r.text }); done(); }, 20))); });
`);
    await withThread(pathToFileURL(slow), async (thread) => {
      let answered = 0;
      const all = [1, 2, 3, 4, 5].map((n) => thread.format(file, `t${n}`, 'original').then((r) => {
        answered++;
        return r.text;
      }));
      await thread.below(2);
      expect(answered).toBe(4);
      await thread.below(1);
      expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `formatted t${n}`));
    });
  });

  it('formats here what a thread that dies had, and everything after', async () => {
    write('.prettierrc', JSON.stringify({ singleQuote: true, semi: false }));
    const file = write('src/a.ts', ugly);
    const dying = write('dying-worker.mjs', "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n");
    await withThread(pathToFileURL(dying), async (thread) => {
      const expected = { text: "const a = { b: 1, c: 'x' }\nexport default a\n" };
      expect(await Promise.all([thread.format(file, ugly, 'x'), thread.format(file, ugly)])).toEqual([expected, expected]);
      expect(await thread.format(file, ugly)).toEqual(expected);
    });
  });
});
