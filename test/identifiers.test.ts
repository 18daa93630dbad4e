// identifiersOf (src/ast/identifiers.ts) stands in for ts-morph's
// getDescendantsOfKind(SyntaxKind.Identifier) on whole files: the same identifiers, in the same
// order, JSDoc included.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { identifiersOf, identifierTexts } from '../src/ast/identifiers.js';
import { Project, SyntaxKind } from '../src/ts-morph.js';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { allowJs: true } });

function both(name: string, text: string) {
  const sourceFile = project.createSourceFile(name, text, { overwrite: true });
  const file = sourceFile.compilerNode;
  return {
    theirs: sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => `${id.getStart()}:${id.getText()}`),
    ours: identifiersOf(sourceFile).map((id) => `${id.getStart(file)}:${id.getText(file)}`),
    texts: identifierTexts(sourceFile),
  };
}

describe('identifiersOf', () => {
  it('finds what getDescendantsOfKind finds, JSDoc names and links included', () => {
    const { theirs, ours, texts } = both(
      '/a.ts',
      `/** Reads {@link Store} for {@linkcode key}. @param key the key @returns {Promise<Value>} */
export async function read(key: string, store: Store): Promise<Value> {
  // a comment naming notAnIdentifier
  const { a: renamed, ...rest } = await store.get(key);
  label: for (const x of rest.items) { if (x) break label; }
  return <Value>{ renamed, 'quoted': 1, [key]: \`\${renamed}\` };
}
type Value = { renamed: unknown };
interface Store { get(k: string): Promise<{ a: unknown; items: unknown[] }> }
`,
    );
    expect(ours).toEqual(theirs);
    expect(texts.has('Store') && texts.has('label') && texts.has('renamed')).toBe(true);
    expect(texts.has('notAnIdentifier')).toBe(false);
  });

  it('agrees on a whole module of this project (JSDoc-heavy)', () => {
    const path = fileURLToPath(new URL('../src/step-machine/normalise/then-chains.ts', import.meta.url));
    const { theirs, ours } = both('/b.ts', readFileSync(path, 'utf8'));
    expect(ours.length).toBeGreaterThan(500);
    expect(ours).toEqual(theirs);
  });

  it('agrees on JSX', () => {
    const { theirs, ours } = both('/c.jsx', `/** @type {import('x').Props} */\nconst props = {};\nexport const el = <Box title={props.title}><Item key="k" {...props} /></Box>;\n`);
    expect(ours).toEqual(theirs);
  });
});
