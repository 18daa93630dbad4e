// The renames of the official codemod's `symbols` transform (McpError → ProtocolError and the
// other renamed exports, ErrorCode → ProtocolErrorCode), found in one walk of the TypeScript AST
// and applied as one text edit. The official transform renames every reference through ts-morph,
// which re-parses the file per reference: quadratic in the file's size. It runs at the official transform's place in the pipeline (after the
// official `imports` transform) and leaves the same text and diagnostics, byte for byte; the
// official transform then finds nothing of this left to do. A shape whose outcome is not simple
// to reproduce exactly (an SDK-local ErrorCode member, which moves code into SdkError; an
// ErrorCode import with no member read; a renamed name exported or imported by a string) makes
// it decline: the official transform then does all of it, as before.
import path from 'node:path';
import type { Diagnostic, DiagnosticLevel } from '@modelcontextprotocol/codemod';
import { ts, type SourceFile } from '../../ts-morph.js';
import { applyEdits, mapForward } from '../../ast/edits.js';
import type { TextEdit } from '../../types.js';
import { walk } from '../../ast/compiler-nodes.js';
import { ERROR_CODE_SDK_MEMBERS, SYMBOL_RENAMES } from './mappings.js';

export interface SymbolRenames {
  /** How many text edits it made (at least one). */
  changes: number;
  /** What the official transform reports for the same work. */
  diagnostics: Diagnostic[];
}

/**
 * Does the official `symbols` transform's renames on `sourceFile` (in place). Undefined when it
 * declines and nothing was changed. What it never does (renames in dynamic imports, the
 * RequestHandlerExtra and SchemaInput types) is left to the official transform, which runs after.
 */
export function renameV1Symbols(sourceFile: SourceFile): SymbolRenames | undefined {
  const file = sourceFile.compilerNode;
  const plan = planRenames(file);
  if (!plan) return undefined;
  const edits = referenceEdits(file, plan);
  if (!edits) return undefined;
  const renamed = applyEdits(file.text, edits);
  if (!plan.errorCode) sourceFile.replaceWithText(renamed);
  else {
    // The head: the imports and the statement after the last of them, where that statement ends once renamed.
    const last = file.statements.map((st) => ts.isImportDeclaration(st)).lastIndexOf(true);
    const headEnd = mapForward(file.statements[last + 1]?.end ?? file.text.length, edits);
    sourceFile.replaceWithText(withErrorCodeImportSplit(sourceFile, renamed, headEnd, plan.errorCode));
  }
  const diagnostics: Diagnostic[] = [];
  if (plan.errorCode) {
    diagnostics.push({ level: 'warning' as DiagnosticLevel, file: sourceFile.getFilePath(), line: 1, message: 'ErrorCode split into ProtocolErrorCode and SdkErrorCode. Verify the migration is correct.' });
  }
  return { changes: edits.length, diagnostics };
}

/** The official transform's word for the packages whose imports it renames in: the v1 SDK and v2's. */
const MCP_PACKAGES = /^@modelcontextprotocol\/(?:sdk|client|server|core-internal|core|node|express)(?:\/|$)/;

interface Plan {
  /** The names of renamed import specifiers. */
  importNames: ts.Identifier[];
  /** Imported without an alias: every identifier of the file spelled so is renamed. */
  references: Map<string, string>;
  errorCode?: { local: string; declaration: number; element: number };
}

function planRenames(file: ts.SourceFile): Plan | undefined {
  const plan: Plan = { importNames: [], references: new Map() };
  const imports = file.statements.filter(ts.isImportDeclaration);
  for (const [index, declaration] of imports.entries()) {
    if (!ts.isStringLiteral(declaration.moduleSpecifier) || !MCP_PACKAGES.test(declaration.moduleSpecifier.text)) continue;
    const named = declaration.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const [element, specifier] of named.elements.entries()) {
      const imported = specifier.propertyName ?? specifier.name;
      const name = imported.text;
      if (!Object.hasOwn(SYMBOL_RENAMES, name) && name !== 'ErrorCode') continue;
      // `import { "McpError" as E }`: the official transform writes an identifier over the string.
      if (!ts.isIdentifier(imported)) return undefined;
      if (name === 'ErrorCode') {
        plan.errorCode ??= { local: specifier.name.text, declaration: index, element };
        continue;
      }
      plan.importNames.push(imported);
      if (!specifier.propertyName) plan.references.set(name, SYMBOL_RENAMES[name]);
    }
  }
  // An ErrorCode imported under a renamed name would be rewritten twice.
  const local = plan.errorCode?.local;
  if (local !== undefined && (plan.references.has(local) || Object.values(SYMBOL_RENAMES).includes(local))) return undefined;
  return plan.importNames.length > 0 || plan.errorCode ? plan : undefined;
}

/** The edits of one walk; undefined when a reference has a shape this pass declines. */
function referenceEdits(file: ts.SourceFile, plan: Plan): TextEdit[] | undefined {
  const edits: TextEdit[] = plan.importNames.map((name) => ({ start: name.getStart(file), end: name.end, text: SYMBOL_RENAMES[name.text] }));
  const errorCode = plan.errorCode?.local;
  let memberReads = 0;
  let declined = false;
  walk(file, (node) => {
    if (declined) return false;
    if (ts.isIdentifier(node)) {
      const renamed = plan.references.get(node.text);
      if (renamed === undefined || node.getText(file) !== node.text) return;
      const edit = referenceEdit(file, node, renamed);
      if (edit === 'decline') declined = true;
      else if (edit) edits.push(edit);
      return;
    }
    if (errorCode !== undefined && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === errorCode && node.expression.getText(file) === errorCode) {
      // SDK-local members move to SdkErrorCode and their errors to SdkError: left to the official transform.
      if (ERROR_CODE_SDK_MEMBERS.has(node.name.text)) declined = true;
      else edits.push({ start: node.expression.getStart(file), end: node.expression.end, text: 'ProtocolErrorCode' });
      memberReads++;
    }
  });
  // An ErrorCode with no member read is reported and dropped by the official transform: its case.
  if (declined || (errorCode !== undefined && memberReads === 0)) return undefined;
  return edits;
}

/** A reference to a renamed import, renamed the way the official transform renames it. */
function referenceEdit(file: ts.SourceFile, node: ts.Identifier, renamed: string): TextEdit | 'decline' | undefined {
  const parent = node.parent;
  if (ts.isImportSpecifier(parent) || isKeyPosition(node)) return undefined;
  // `export { McpError }` gets an alias written by ts-morph: the official transform's case.
  if (ts.isExportSpecifier(parent)) return 'decline';
  if (ts.isShorthandPropertyAssignment(parent)) {
    if (parent.objectAssignmentInitializer) return 'decline';
    return { start: parent.getStart(file), end: parent.end, text: `${node.text}: ${renamed}` };
  }
  return { start: node.getStart(file), end: node.end, text: renamed };
}

/** A property, member or binding key: not a reference to the import. */
function isKeyPosition(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  const named =
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyAccessExpression(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isMethodSignature(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isEnumMember(parent) ||
    ts.isGetAccessorDeclaration(parent) ||
    ts.isSetAccessorDeclaration(parent);
  return named && (parent as ts.NamedDeclaration).name === node;
}

/**
 * `text` with its ErrorCode import split (splitErrorCodeImport). ts-morph parses the whole file
 * again after each of its edits: they are made on a copy of the file's head (`text` up to
 * `headEnd`: the imports and the statement after the last of them, what the edits' spacing looks
 * at) in the same project (its settings), and the rest of the text is put back after it.
 */
function withErrorCodeImportSplit(sourceFile: SourceFile, text: string, headEnd: number, at: NonNullable<Plan['errorCode']>): string {
  const project = sourceFile.getProject();
  const head = project.createSourceFile(`${sourceFile.getFilePath()}.mcp-mrtr-migrate-imports${path.extname(sourceFile.getFilePath())}`, text.slice(0, headEnd), { overwrite: true, scriptKind: sourceFile.getScriptKind() });
  try {
    splitErrorCodeImport(head, at);
    return head.getFullText() + text.slice(headEnd);
  } finally {
    project.removeSourceFile(head);
  }
}

/**
 * The ErrorCode import gives way to ProtocolErrorCode, imported from the file's first v2 package
 * import (a value import first), with ts-morph's own import edits as the official transform makes
 * them, so the import lines come out the same.
 */
function splitErrorCodeImport(sourceFile: SourceFile, at: NonNullable<Plan['errorCode']>): void {
  const imports = sourceFile.getImportDeclarations();
  const declaration = imports[at.declaration];
  const specifier = declaration.getNamedImports()[at.element];
  const isV2 = (spec: string) => spec === '@modelcontextprotocol/client' || spec === '@modelcontextprotocol/server';
  const target =
    (imports.find((i) => isV2(i.getModuleSpecifierValue()) && !i.isTypeOnly()) ?? imports.find((i) => isV2(i.getModuleSpecifierValue())))?.getModuleSpecifierValue() ??
    declaration.getModuleSpecifierValue();
  specifier.remove();
  if (declaration.getNamedImports().length === 0 && !declaration.getDefaultImport() && !declaration.getNamespaceImport()) declaration.remove();
  const into = sourceFile.getImportDeclarations().find((i) => i.getModuleSpecifierValue() === target && !i.isTypeOnly() && !i.getNamespaceImport());
  if (!into) sourceFile.addImportDeclaration({ moduleSpecifier: target, namedImports: ['ProtocolErrorCode'] });
  else if (!into.getNamedImports().some((n) => n.getName() === 'ProtocolErrorCode')) into.addNamedImports(['ProtocolErrorCode']);
}
