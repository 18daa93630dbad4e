// What is still v1 after the whole upgrade ran, read from the upgraded file: each spot breaks the
// migrated server (it does not compile, or throws when it starts), so each is an error (which keeps
// the file on v1, src/upgrade/sdk-upgrade.ts).
// - an import (or require / dynamic import / export) of @modelcontextprotocol/sdk: the v2
//   package.json would have to keep the v1 SDK beside v2;
// - a name the upgrade dropped with its v1 import (a removed API) that the code still uses;
// - `new McpServer(…, { taskStore | taskMessageQueue })`: the experimental tasks runtime is gone.
import { ts } from '../../ts-morph.js';
import type { FindingInput } from '../../types.js';
import { importBindings, isStringLiteralLike, unwrap, walk, type ImportBinding } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import { V1_UPGRADE_RULE } from './registrations.js';

export function v1Leftovers(file: ts.SourceFile, originalBindings: ReadonlyMap<string, ImportBinding>): FindingInput[] {
  const findings: FindingInput[] = [];
  const error = (node: ts.Node, message: string, suggestion: string): void => {
    findings.push({ rule: V1_UPGRADE_RULE, severity: 'error', pos: node.getStart(file), message, suggestion });
  };
  const current = importBindings(file);
  const declared = declaredNames(file);
  const gone = new Map<string, ImportBinding>();
  for (const [local, binding] of originalBindings) {
    if (isV1Module(binding.module) && !current.has(local) && !declared.has(local)) gone.set(local, binding);
  }
  const reported = new Set<string>();
  walk(file, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && isV1Module(node.moduleSpecifier.text)) {
      const names = ts.isImportDeclaration(node) ? importedLocals(node) : [];
      error(
        node,
        `${node.moduleSpecifier.text} is still ${ts.isImportDeclaration(node) ? 'imported' : 're-exported'}${names.length ? ` (${names.join(', ')})` : ''}: the v1→v2 upgrade knows no v2 home for it, and a v2 server cannot keep running on pieces of the v1 SDK`,
        'Replace these imports with their v2 equivalents in @modelcontextprotocol/server (or /client, /core), or remove the code that needs them; then run the migration again.',
      );
      return false;
    }
    if (ts.isCallExpression(node) && node.arguments.length === 1 && isStringLiteralLike(unwrap(node.arguments[0]))) {
      const spec = (unwrap(node.arguments[0]) as ts.StringLiteral).text;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword) && isV1Module(spec)) {
        error(node, `${spec} is still loaded with ${isRequire ? 'require()' : 'import()'}: the v1→v2 upgrade could not move it to a v2 package`, 'Load the v2 package that replaces it (@modelcontextprotocol/server, /client or /core) and update the code that uses it; then run the migration again.');
      }
      return;
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'McpServer' && node.arguments?.[1]) {
      const options = unwrap(node.arguments[1]);
      if (ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties) {
          const key = prop.name && ts.isIdentifier(prop.name) ? prop.name.text : undefined;
          if (key === 'taskStore' || key === 'taskMessageQueue') {
            error(prop, `McpServer option '${key}' belongs to the experimental tasks runtime, which v2 removed (SEP-2663): v2 ignores it`, `Remove '${key}' and the task handling that relies on it; tasks moved to an MCP extension.`);
          }
        }
      }
    }
    if (ts.isIdentifier(node) && gone.has(node.text) && !reported.has(node.text) && isValueReference(node)) {
      const binding = gone.get(node.text)!;
      reported.add(node.text);
      if (binding.imported === 'ErrorCode') {
        // The official split renamed the member reads; a bare use (a type, a whole-enum value) is left.
        error(node, `${node.text} (v1's ErrorCode from ${binding.module}) is still named here: v2 split it into ProtocolErrorCode (protocol errors) and SdkErrorCode (the SDK's own, such as RequestTimeout), and this use could not be given one of them`, `Name ProtocolErrorCode, SdkErrorCode or ProtocolErrorCode | SdkErrorCode here, whichever codes this place holds.`);
        return;
      }
      error(node, `${node.text} came from ${binding.module}, which has no v2 equivalent${/tasks/.test(binding.module) ? ' (the experimental tasks feature was removed, SEP-2663)' : ''}; it is still used here`, `Remove or replace the code that uses ${node.text}.`);
    }
  });
  return findings;
}

function importedLocals(node: ts.ImportDeclaration): string[] {
  const clause = node.importClause;
  const named = clause?.namedBindings;
  return [
    ...(clause?.name ? [clause.name.text] : []),
    ...(named && ts.isNamespaceImport(named) ? [named.name.text] : []),
    ...(named && ts.isNamedImports(named) ? named.elements.map((e) => e.name.text) : []),
  ];
}

function declaredNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  walk(file, (node) => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      names.add(node.name.text);
    }
  });
  return names;
}

function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}
