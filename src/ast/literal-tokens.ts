// Whether a position falls inside a string or template literal token: a line start there is
// string content, so nothing may be inserted (indentation, markers) without changing the string.
import { Node, type SourceFile } from '../ts-morph.js';

export function insideLiteralToken(sourceFile: SourceFile, pos: number): boolean {
  const node = sourceFile.getDescendantAtPos(pos);
  if (!node) return false;
  const literal = Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ||
    Node.isTemplateHead(node) || Node.isTemplateMiddle(node) || Node.isTemplateTail(node);
  return literal && node.getStart() < pos && pos < node.getEnd();
}
