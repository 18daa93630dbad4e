// The callers index (cross-file mode): where the run's other files use what an asking module exports.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCallersIndex } from '../src/callers-index.js';

const root = path.resolve('/virtual/pkg/src');
const at = (name: string) => path.join(root, name);

describe('methods of an exported class called through another type', () => {
  const asker = at('confirmer.ts');
  const files = [
    { absPath: asker, text: 'export class Confirmer {\n  async confirm(m: string) { return m; }\n  async listRoots() { return []; }\n  private async hidden() {}\n}\n' },
    // Through an interface of another module: the file does not import the class's module.
    { absPath: at('tools/base.ts'), text: "import type { Asks } from '../types.js';\nexport async function run(asks: Asks) {\n  await asks.confirm('go?');\n  await asks.hidden();\n}\n" },
    { absPath: at('tools/base.test.ts'), text: "export async function t(asks: { confirm(m: string): Promise<string> }) {\n  await asks.confirm('x');\n}\n" },
    { absPath: at('other.ts'), text: 'export const confirm = 1;\n' },
    // The SDK's own push method of that name (QuantGeekDev/mcp-framework: this.server.listRoots()).
    { absPath: at('tools/roots.ts'), text: 'export async function roots(server: { listRoots(): Promise<unknown> }) {\n  return server.listRoots();\n}\n' },
  ];

  it('lists the calls of a public method by name, in files that do not import the module (tests and the SDK\'s push methods aside)', () => {
    const index = buildCallersIndex(files, new Set([asker]), new Map());
    expect(index.get(asker)).toEqual({ uses: {}, sameNameCalls: { 'Confirmer.confirm': ['./tools/base.ts:3'] } });
  });
});
