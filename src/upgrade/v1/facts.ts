// What every step of the v1 upgrade needs to know about one file, gathered once.
import { ts } from '../../ts-morph.js';
import { detectStyle, type TextStyle } from '../../ast/text-style.js';
import { importBindings, mentions, unwrap, type ImportBinding } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import { usesTrailingCommas } from './layout.js';
import { nameHasMcpServerWord, Receivers } from './receivers.js';

export interface FileFacts {
  file: ts.SourceFile;
  text: string;
  style: TextStyle;
  trailingCommas: boolean;
  bindings: Map<string, ImportBinding>;
  /** The file imports `McpServer` (v1 or v2). */
  importsMcpServer: boolean;
  /** Whose methods the file calls (the SDK's or not); dispose when the upgrade is done. */
  receivers: Receivers;
  /**
   * How to write `z.object(…)`: the local name of a zod import, or `z` with an import to add
   * (`add`); undefined when `z` means something else here (raw shapes then stay unwrapped).
   */
  zod?: { name: string; add: boolean };
}

export function fileFacts(file: ts.SourceFile, text: string): FileFacts {
  const bindings = importBindings(file);
  const importsMcpServer = [...bindings.values()].some(
    (b) => b.imported === 'McpServer' && (isV1Module(b.module) || b.module === '@modelcontextprotocol/server'),
  );
  return {
    file,
    text,
    style: detectStyle(text),
    trailingCommas: usesTrailingCommas(text),
    bindings,
    importsMcpServer,
    receivers: new Receivers(file, text, v1Specifier(file, bindings)),
    zod: zodAccess(file, bindings),
  };
}

/** The file's first import (or `require`) of a v1 module: what tells whether its dependencies type the SDK. */
function v1Specifier(file: ts.SourceFile, bindings: Map<string, ImportBinding>): string | undefined {
  for (const binding of bindings.values()) if (isV1Module(binding.module)) return binding.module;
  return /\brequire\s*\(\s*['"`](@modelcontextprotocol\/sdk\/[^'"`]+)['"`]/.exec(file.text)?.[1];
}

function zodAccess(file: ts.SourceFile, bindings: Map<string, ImportBinding>): FileFacts['zod'] {
  for (const [local, binding] of bindings) {
    if (binding.typeOnly || !/^zod(\/v4)?$/.test(binding.module)) continue;
    if (binding.imported === 'z' || binding.imported === '*' || binding.imported === 'default') return { name: local, add: false };
  }
  return mentions(file, 'z') ? undefined : { name: 'z', add: true };
}

/**
 * Whether `receiver.registerTool(…)` and friends (names v2 keeps) are the SDK's when the code does
 * not say whose they are: in a file that imports McpServer, or on a receiver named like a server.
 */
export function mayBeMcpReceiver(facts: FileFacts, receiver: ts.Expression): boolean {
  if (facts.importsMcpServer) return true;
  const inner = unwrap(receiver);
  if (ts.isIdentifier(inner)) return nameHasMcpServerWord(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return nameHasMcpServerWord(inner.name.text);
  return false;
}
