// Migrated before `npm install`, typechecked after (issue 32): every step-machine and pipeline
// fixture and every corpus server is migrated in a scratch package outside this repository, where
// none of its imports resolve (no node_modules, no @types/node: the SDK, zod and node: modules are
// all missing), and the outputs are then typechecked in that package once this repository's
// node_modules is linked into it (@modelcontextprotocol/server, zod, typescript, @types/node, and
// express for the HTTP servers), as the user's install would bring them. A type the migration guessed without the
// dependencies shows here as a diagnostic (`'answer.content' is possibly 'undefined'`); the rule
// that keeps it from being written is restsOnUnresolved (src/step-machine/plan/carried-values.ts).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformSource } from '../src/engine.js';
import { loadTransforms } from '../src/registry.js';
import { renderStateModule } from '../src/state/state-module.js';
import { typecheckProject } from './helpers/project-typecheck.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const transforms = await loadTransforms();
const corpusConfig = path.join(root, 'test', 'corpus', 'servers', 'mcp-mrtr-migrate.config.json');

interface FixtureSet {
  name: string;
  dir: string;
  /** Which files of `dir` are inputs: `<case>.input.ts` of a fixture folder, or every server. */
  input: RegExp;
  transforms: typeof transforms;
  options?: Record<string, unknown>;
  /** As the fixture test runs the set (no v1 upgrade), or the CLI (corpus). */
  sdkUpgrade?: 'auto';
}

const SETS: FixtureSet[] = [
  { name: 'step-machine', dir: path.join(root, '__testfixtures__', 'step-machine'), input: /^(.*)\.input\.ts$/, transforms: transforms.filter((t) => t.id === 'step-machine') },
  { name: 'pipeline', dir: path.join(root, '__testfixtures__', 'pipeline'), input: /^(.*)\.input\.ts$/, transforms },
  {
    name: 'corpus', dir: path.join(root, 'test', 'corpus', 'servers'), input: /^(.*)\.ts$/, transforms, sdkUpgrade: 'auto',
    options: { aliases: (JSON.parse(readFileSync(corpusConfig, 'utf8')) as { aliases: unknown[] }).aliases },
  },
];

let home: string;
const migrated: { set: string; name: string; changed: boolean }[] = [];

beforeAll(() => {
  home = mkdtempSync(path.join(tmpdir(), 'mrtr-before-install-'));
  for (const set of SETS) {
    const pkg = path.join(home, set.name);
    const src = path.join(pkg, 'src');
    mkdirSync(src, { recursive: true });
    // Support modules the inputs import (`./support/…`, `./lib/…`) come along.
    for (const entry of readdirSync(set.dir)) {
      if (statSync(path.join(set.dir, entry)).isDirectory()) cpSync(path.join(set.dir, entry), path.join(src, entry), { recursive: true });
    }
    for (const file of readdirSync(set.dir).sort()) {
      const match = set.input.exec(file);
      if (!match) continue;
      const text = readFileSync(path.join(set.dir, file), 'utf8');
      const optionsFile = path.join(set.dir, `${match[1]}.options.json`);
      const { dependenciesInstalled: _ignored, ...caseOptions } = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as Record<string, unknown>) : {};
      const absPath = path.join(src, `${match[1]}.ts`);
      const result = transformSource({
        absPath, text, transforms: set.transforms, sdkUpgrade: set.sdkUpgrade,
        options: { packageRoot: pkg, stateModulePath: path.join(src, 'mrtr-state.ts'), ...set.options, ...caseOptions },
      });
      writeFileSync(absPath, result.output ?? text);
      migrated.push({ set: set.name, name: match[1], changed: result.output !== undefined });
    }
    writeFileSync(path.join(src, 'mrtr-state.ts'), renderStateModule({ language: 'ts' }));
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: set.name, type: 'module' }) + '\n');
    writeFileSync(path.join(pkg, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] },
      include: ['src'],
    }) + '\n');
  }
  // Installed afterwards: the migration above saw none of it.
  for (const set of SETS) symlinkSync(path.join(root, 'node_modules'), path.join(home, set.name, 'node_modules'), 'dir');
}, 300_000);

afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('fixtures migrated before npm install', () => {
  it('migrates some handlers of every set (the scratch packages are what the sets hold)', () => {
    for (const set of SETS) expect(migrated.filter((m) => m.set === set.name && m.changed).length).toBeGreaterThan(0);
  });

  it.each(SETS.map((set) => [set.name]))('%s: the outputs typecheck once the dependencies are installed', (name) => {
    expect(typecheckProject(path.join(home, name))).toBe('');
  }, 300_000);
});
