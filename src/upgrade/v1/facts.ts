// What every step of the v1 upgrade needs to know about one file, gathered once.
import { ts } from '../../ts-morph.js';
import { detectStyle, type TextStyle } from '../../ast/text-style.js';
import { importBindings, mentions, unwrap, type ImportBinding } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import { usesTrailingCommas } from './layout.js';

export interface FileFacts {
  file: ts.SourceFile;
  text: string;
  style: TextStyle;
  trailingCommas: boolean;
  bindings: Map<string, ImportBinding>;
  /** The file imports `McpServer` (v1 or v2): registrations on any receiver are the SDK's. */
  importsMcpServer: boolean;
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
    zod: zodAccess(file, bindings),
  };
}

function zodAccess(file: ts.SourceFile, bindings: Map<string, ImportBinding>): FileFacts['zod'] {
  for (const [local, binding] of bindings) {
    if (binding.typeOnly || !/^zod(\/v4)?$/.test(binding.module)) continue;
    if (binding.imported === 'z' || binding.imported === '*' || binding.imported === 'default') return { name: local, add: false };
  }
  return mentions(file, 'z') ? undefined : { name: 'z', add: true };
}

/** True when one of the name's camelCase / snake_case words is `mcp` or `server` (the official codemod's test). */
function nameHasMcpServerWord(name: string): boolean {
  return name.split(/[^a-zA-Z0-9]+|(?=[A-Z])/).filter(Boolean).some((word) => /^(mcp|server)$/i.test(word));
}

/** Whether `receiver.tool(…)` and friends are the SDK's registration methods. */
export function isMcpReceiver(facts: FileFacts, receiver: ts.Expression): boolean {
  if (facts.importsMcpServer) return true;
  const inner = unwrap(receiver);
  if (ts.isIdentifier(inner)) return nameHasMcpServerWord(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return nameHasMcpServerWord(inner.name.text);
  return false;
}
