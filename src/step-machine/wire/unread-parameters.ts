// Parameters the rewrite leaves unread: a tool factory's `server` that only its question read, a
// class's `private mcp` parameter property whose only read was `this.mcp.server.elicitInput(…)`.
// Under noUnusedParameters / noUnusedLocals each is an error the input did not have (TS6133,
// TS6138), so a migration would typecheck worse. A parameter's position is what callers depend on,
// not its name: an underscore in front says it is unused, which TypeScript accepts. A private
// parameter property nothing reads any more becomes a plain parameter (TypeScript lets nothing
// outside the class read a private member).
import { Node, SyntaxKind, ts, type ParameterDeclaration, type SourceFile } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import { applyEdits, mapForward } from '../../ast/edits.js';
import { isPropertyName } from '../../ast/references.js';

/**
 * Edits for the parameters of functions the `edits` change that the input read and the output does
 * not. `parsed`: a parse the caller has of some output, used when it is of this one.
 */
export function unreadParameterEdits(sourceFile: SourceFile, text: string, edits: readonly TextEdit[], parsed?: ts.SourceFile): TextEdit[] {
  if (edits.length === 0) return [];
  const touches = (start: number, end: number) => edits.some((e) => e.start < end && e.end > start);
  const changes = (fn: Node) => edits.some((e) => e.start >= fn.getStart() && e.end <= fn.getEnd());
  let output: ts.SourceFile | undefined;
  const out: TextEdit[] = [];
  for (const param of sourceFile.getDescendantsOfKind(SyntaxKind.Parameter)) {
    const fn = param.getParent();
    const name = param.getNameNode();
    if (!Node.isIdentifier(name) || name.getText().startsWith('_') || param.getDecorators().length > 0) continue;
    if (!changes(fn) || touches(param.getStart(), param.getEnd())) continue;
    const property = param.getScope() !== undefined || param.isReadonly();
    const readBefore = readsIn(fn, name.getText(), param) + (property ? memberReads(sourceFile, name.getText()) : 0);
    if (readBefore === 0) continue;
    output ??= parseOf(applyEdits(text, edits), sourceFile, parsed);
    const outParam = parameterAt(output, mapForward(name.getStart(), edits, text));
    if (!outParam) continue;
    const edit = property ? propertyEdit(param, outParam, output) : plainEdit(param, outParam);
    if (!edit) continue;
    // A JSDoc `@param server` of the function follows the new name.
    const documented = documentedName(fn, name.getText());
    if (edit.some((e) => e.text.startsWith('_')) && documented) {
      if (touches(documented.start, documented.end)) continue;
      edit.push({ ...documented, text: `_${name.getText()}` });
    }
    out.push(...edit);
  }
  return out;
}

function parseOf(outputText: string, sourceFile: SourceFile, parsed: ts.SourceFile | undefined): ts.SourceFile {
  if (parsed?.text === outputText) return parsed;
  return ts.createSourceFile(sourceFile.getFilePath(), outputText, ts.ScriptTarget.Latest, true, sourceFile.getScriptKind());
}

/** `server` → `_server` when the output's function no longer reads it. */
function plainEdit(param: ParameterDeclaration, outParam: ts.ParameterDeclaration): TextEdit[] | undefined {
  const name = param.getName();
  const fn = outParam.parent;
  if (readsOut(fn, name, outParam) > 0 || spells(fn, `_${name}`)) return undefined;
  return [{ start: param.getNameNode().getStart(), end: param.getNameNode().getEnd(), text: `_${name}` }];
}

/**
 * `private readonly mcp: McpServer` → `mcp: McpServer` when nothing in the output file reads a member
 * of that name (a private one only its class could); `_mcp` as well when the constructor no longer
 * reads the parameter either.
 */
function propertyEdit(param: ParameterDeclaration, outParam: ts.ParameterDeclaration, output: ts.SourceFile): TextEdit[] | undefined {
  const name = param.getName();
  const fn = outParam.parent;
  const owner = fn.parent;
  if (param.getScope() !== 'private' || !ts.isClassLike(owner) || outputMemberReads(output, owner, name) > 0) return undefined;
  const modifiers = param.getModifiers();
  if (modifiers.length === 0) return undefined;
  const edits: TextEdit[] = [{ start: modifiers[0].getStart(), end: param.getNameNode().getStart(), text: '' }];
  if (readsOut(fn, name, outParam) === 0 && !spells(fn, `_${name}`)) {
    edits.push({ start: param.getNameNode().getStart(), end: param.getNameNode().getEnd(), text: `_${name}` });
  }
  return edits;
}

/** Reads of `name` in the function `fn` of the input (its body and the other parameters' defaults). */
function readsIn(fn: Node, name: string, own: ParameterDeclaration): number {
  const ownName = own.getNameNode();
  return fn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id !== ownName && id.getText() === name && !isPropertyName(id)).length;
}

/** `this.name` / `x.name` / `x['name']` in the input file. */
function memberReads(sourceFile: SourceFile, name: string): number {
  return sourceFile.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).filter((p) => p.getName() === name).length +
    sourceFile.getDescendantsOfKind(SyntaxKind.ElementAccessExpression).filter((e) => e.getArgumentExpression()?.getText().slice(1, -1) === name).length;
}

function readsOut(fn: ts.Node, name: string, own: ts.ParameterDeclaration): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node !== own.name && node.text === name && !isOutputPropertyName(node)) count++;
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return count;
}

/**
 * Reads of a private member `name` of class `owner` in the output: `x.name` inside the class (any
 * instance of it may be read there), `this.name` and `x['name']` anywhere. Outside its class
 * TypeScript rejects `x.name` of a private member, so `server.server` elsewhere is another object's.
 */
function outputMemberReads(output: ts.SourceFile, owner: ts.ClassLikeDeclaration, name: string): number {
  let count = 0;
  const visit = (node: ts.Node, inOwner: boolean): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === name && (inOwner || node.expression.kind === ts.SyntaxKind.ThisKeyword)) count++;
    if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && node.argumentExpression.text === name) count++;
    ts.forEachChild(node, (child) => visit(child, inOwner || node === owner));
  };
  visit(output, false);
  return count;
}

/** The identifier `name` appears anywhere in `fn` (so a new parameter of that name would shadow or clash). */
function spells(fn: ts.Node, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === name) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

function isOutputPropertyName(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isQualifiedName(parent)) return parent.right === id;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === id;
  if (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) ||
    ts.isPropertySignature(parent) || ts.isMethodSignature(parent)) return parent.name === id;
  return false;
}

/** The parameter whose name starts at `pos` in the output. */
function parameterAt(output: ts.SourceFile, pos: number): ts.ParameterDeclaration | undefined {
  let found: ts.ParameterDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (found || pos < node.pos || pos >= node.end) return;
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.getStart(output) === pos) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(output);
  return found;
}

/** Where a JSDoc `@param {T} name` of the function spells the parameter's name. */
function documentedName(fn: Node, name: string): { start: number; end: number } | undefined {
  const holder = Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) ? fn.getFirstAncestor((a) => Node.isStatement(a)) ?? fn : fn;
  const leading = holder.getSourceFile().getFullText().slice(holder.getPos(), holder.getStart());
  const match = new RegExp(`(@param\\s+(?:\\{[^}]*\\}\\s*)?\\[?)${name}\\b`).exec(leading);
  if (!match) return undefined;
  const start = holder.getPos() + match.index + match[1].length;
  return { start, end: start + name.length };
}
