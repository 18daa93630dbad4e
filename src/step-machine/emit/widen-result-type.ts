// A declared result type that must also admit the input-required result the step machine returns.
import type { TypeNode } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';

/** `Promise<CallToolResult>` → `Promise<CallToolResult | InputRequiredResult>`. */
export function widenEdit(type: TypeNode, uses: Set<string>): TextEdit {
  uses.add('type InputRequiredResult');
  const inner = /^Promise\s*<([\s\S]*)>$/.exec(type.getText())![1];
  return { start: type.getStart(), end: type.getEnd(), text: `Promise<${inner} | InputRequiredResult>` };
}
