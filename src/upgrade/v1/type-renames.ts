// A type position the official ErrorCode split leaves behind. The official `symbols` transform
// renames every `ErrorCode.Member` read (to ProtocolErrorCode, or SdkErrorCode for the SDK's own
// codes) and drops the v1 import, but a type annotation `: ErrorCode` keeps the old name, which then
// resolves to nothing (TS2304). When every member the file reads went to ProtocolErrorCode (it
// imports that and not SdkErrorCode), the type those values have in v2 is ProtocolErrorCode.
import { ts } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import { importBindings, walk, type ImportBinding } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';

export function errorCodeTypeEdits(file: ts.SourceFile, originalBindings: ReadonlyMap<string, ImportBinding>): TextEdit[] {
  const current = importBindings(file);
  const v2Name = (exported: string) =>
    [...current].find(([, b]) => b.imported === exported && b.module.startsWith('@modelcontextprotocol/') && !isV1Module(b.module))?.[0];
  const protocol = v2Name('ProtocolErrorCode');
  if (protocol === undefined || v2Name('SdkErrorCode') !== undefined) return [];
  const gone = [...originalBindings].filter(([local, b]) => b.imported === 'ErrorCode' && isV1Module(b.module) && !current.has(local)).map(([local]) => local);
  if (gone.length === 0) return [];
  const edits: TextEdit[] = [];
  walk(file, (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && gone.includes(node.typeName.text)) {
      edits.push({ start: node.typeName.getStart(file), end: node.typeName.getEnd(), text: protocol });
    }
  });
  return edits;
}
