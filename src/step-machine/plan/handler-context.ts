// How a handler reaches its request: the context parameter the migrated code reads requestState
// from (reused, named when destructured, or added to an inline callback), and the subject (name or
// uri) and arguments the state is bound to.
import { Node, SyntaxKind } from '../../ts-morph.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { TextEdit } from '../../types.js';
import { uniqueName } from '../../ast/naming.js';

/** Why the handler's context parameter cannot be had: none is declared, and none can be added. */
export function contextParameterProblem(handler: HandlerInfo): string | undefined {
  if (handler.ctxParam?.getNameNode()) return undefined;
  // A wrapper's or registrar's declared handler type fixes the parameters: none is added there (a
  // definition's function takes the context its dispatcher passes).
  if (!handler.inline || (handler.route && handler.route.kind !== 'dispatch') || handler.params.length > handler.ctxIndex || handler.ctxIndexGuessed) {
    return 'the handler has no context parameter to read requestState from';
  }
  return undefined;
}

export interface ContextParameter {
  name: string;
  edits: TextEdit[];
  /** `const { mcpReq } = ctx;`, when a destructured context is still used after the rewrite. */
  rebind?: string;
}

/**
 * The context parameter: reuse it, name a destructured one, or add `ctx` to an inline callback
 * (see contextParameterProblem for when that is not possible). `replaced`: the nodes the rewrite
 * replaces; `taken`: the names used in the handler (the new name is added).
 */
export function contextParameter(handler: HandlerInfo, replaced: Node[], taken: Set<string>, semi: string): ContextParameter {
  const ctxNameNode = handler.ctxParam?.getNameNode();
  if (ctxNameNode && Node.isIdentifier(ctxNameNode)) return { name: ctxNameNode.getText(), edits: [] };
  const name = uniqueName('ctx', taken, '');
  if (!ctxNameNode) return { name, edits: [ctxParamEdit(handler, name)] };
  // `async (args, { mcpReq }) =>` → `async (args, ctx) =>`, plus `const { mcpReq } = ctx;` when
  // the body still uses those names after the questions are rewritten.
  const bound = new Set(ctxNameNode.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const stillUsed = handler.fn.getBody()!.getDescendantsOfKind(SyntaxKind.Identifier).some((id) =>
    bound.has(id.getText()) && !replaced.some((r) => r.containsRange(id.getPos(), id.getEnd())));
  return {
    name,
    edits: [{ start: ctxNameNode.getStart(), end: ctxNameNode.getEnd(), text: name }],
    rebind: stillUsed ? `const ${ctxNameNode.getText()} = ${name}${semi}` : undefined,
  };
}

/**
 * The name the handler's context parameter has, or gets from contextParameter (given the names
 * used in the handler): what the code planned before emission passes to helpers that need it.
 */
export function contextName(handler: HandlerInfo): string {
  const node = handler.ctxParam?.getNameNode();
  if (node && Node.isIdentifier(node)) return node.getText();
  return uniqueName('ctx', new Set(handler.fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText())), '');
}

/** The statement (in a block or at module level) that holds the handler: where the state type goes. */
export function statementOf(node: Node): Node {
  let current: Node = node;
  while (current.getParent() && !(Node.isStatement(current) && (Node.isBlock(current.getParent()!) || Node.isSourceFile(current.getParent()!)))) {
    current = current.getParent()!;
  }
  return current;
}

/**
 * Adds the context parameter to an inline callback, with placeholders for parameters it skipped:
 * `async () => …` of a tool with an input schema becomes `async (_args, ctx) => …`.
 */
function ctxParamEdit(handler: HandlerInfo, ctxName: string): TextEdit {
  const params = handler.params;
  const placeholders = ['_args', '_variables'].map((name, i) => (handler.kind === 'resource' && i === 0 ? '_uri' : name));
  const missing = placeholders.slice(params.length, handler.ctxIndex);
  // Not typed by a registration: the added parameters declare their types.
  const ctxType = handler.route?.ctxType;
  const added = [...missing.map((p) => (ctxType ? `${p}: unknown` : p)), ctxType ? `${ctxName}: ${ctxType}` : ctxName].join(', ');
  if (params.length > 0) {
    const last = params[params.length - 1];
    return { start: last.getEnd(), end: last.getEnd(), text: `, ${added}` };
  }
  const open = handler.fn.getFirstChildByKind(SyntaxKind.OpenParenToken);
  if (!open) throw new Error('handler without a parameter list');
  return { start: open.getEnd(), end: open.getEnd(), text: added };
}

/** The subject (name or uri) and arguments the state is bound to, as code. */
export function subjectArgs(handler: HandlerInfo, quote: string): { subject: string; args: string } | undefined {
  const q = (s: string) => `${quote}${s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`;
  const argsParam = handler.argsParam;
  switch (handler.kind) {
    case 'tool':
    case 'prompt': {
      const subject = handler.subjectExpression ?? (handler.name !== undefined ? q(handler.name) : undefined);
      if (subject === undefined) return undefined;
      if (handler.argsText !== undefined) return { subject, args: handler.argsText };
      if (!argsParam) return { subject, args: '{}' };
      const args = argsExpression(argsParam.getNameNode());
      return args ? { subject, args } : undefined;
    }
    case 'resource': {
      const uri = handler.params[0];
      if (!uri || !Node.isIdentifier(uri.getNameNode())) return undefined;
      const variables = handler.ctxIndex === 2 ? handler.params[1] : undefined;
      const args = variables ? argsExpression(variables.getNameNode()) : '{}';
      return args ? { subject: `${uri.getName()}.href`, args } : undefined;
    }
    case 'request': {
      if (!argsParam || !Node.isIdentifier(argsParam.getNameNode())) return undefined;
      const req = argsParam.getName();
      if (handler.method === 'resources/read') return { subject: `${req}.params.uri`, args: '{}' };
      return { subject: `${req}.params.name`, args: `${req}.params.arguments ?? {}` };
    }
  }
}

/** The arguments object rebuilt from a parameter: its name, or the destructured names. */
function argsExpression(name: Node): string | undefined {
  if (Node.isIdentifier(name)) return name.getText();
  if (!Node.isObjectBindingPattern(name)) return undefined;
  const parts: string[] = [];
  for (const element of name.getElements()) {
    const bound = element.getNameNode();
    if (!Node.isIdentifier(bound)) return undefined;
    if (element.getDotDotDotToken()) parts.push(`...${bound.getText()}`);
    else {
      const prop = element.getPropertyNameNode();
      parts.push(prop ? `${prop.getText()}: ${bound.getText()}` : bound.getText());
    }
  }
  return parts.length > 0 ? `{ ${parts.join(', ')} }` : '{}';
}

