// zod 3 code under zod 4. The run raises a package's `zod` to ^4.2 when it moves the package to
// the v2 SDK (src/upgrade/manifests.ts; or declares ^4.2 where the code used the v1 SDK's own zod),
// and that reaches every file of the package that imports `zod`, not only the files the migration
// touched; in a package whose zod is 4 already, the files that import zod 3 from `zod/v3` follow
// the same way (see ZodCode; src/upgrade/zod-packages.ts runs this per package). Syntax alone decides (no type
// checker: this runs over every such file).
//   rewrites  APIs with an exact zod 4 spelling (checked against zod 4's typings and behaviour):
//             calls (src/upgrade/zod-calls.ts), ZodError reads (zod-errors.ts), type arguments
//             (zod-types.ts); and `zod/v3` imports become `zod` once nothing zod 3 is left in the file
//   errors    APIs zod 4 removed or changed without one: each use is reported, and keeps the package
//             on v1 (and its zod) as it was.
// The list, API by API, with the decision for each, is in docs/v1-upgrade.md.
import { ts } from '../ts-morph.js';
import type { FindingInput, TextEdit } from '../types.js';
import { walk } from '../ast/compiler-nodes.js';
import { defTypeName, otherCalls, zodChainCall } from './zod-calls.js';
import { errorMapWithContext, issueParameterWithoutSymbols, refinementPath, removedIssueCode, zodErrorNames, zodErrorReads } from './zod-errors.js';
import { newScan, ZOD_UPGRADE_RULE, zod4Modules, type ZodCode, type ZodScan } from './zod-scan.js';
import { rawShapeTypedSchema, removedExports, zodTypeArguments } from './zod-types.js';

export { ZOD_UPGRADE_RULE, type ZodCode };

export interface ZodUpgrade {
  edits: TextEdit[];
  /**
   * Errors (each keeps the package on v1), and a warning for a module that keeps `zod/v3` beside
   * zod 4 on purpose; positions are offsets of the text analysed.
   */
  findings: FindingInput[];
}

/** Whether a text may import zod or zod-to-json-schema, or parse with a schema (the cheap test before parsing). */
export function mayImportZod(text: string): boolean {
  return /['"]zod(?:\/v3|-to-json-schema)?['"]|\.safeParse(?:Async)?\s*\(/.test(text);
}

/** The edits and errors that bring the file's zod 3 code (which imports count as such: `code`) to zod 4. */
export function upgradeZod3(file: ts.SourceFile, code: ZodCode = 'zod3'): ZodUpgrade {
  const scan = newScan(file, code);
  const hasZod3 = scan.namespaces.size > 0 || scan.named.size > 0;
  if (!hasZod3 && scan.toJsonSchema.size === 0 && scan.parseResults.size === 0) return { edits: [], findings: [] };
  zodTypeArguments(scan);
  const errorNames = zodErrorNames(scan);
  walk(file, (node) => {
    zodErrorReads(scan, errorNames, node);
    removedIssueCode(scan, node);
    defTypeName(scan, node);
    if (!ts.isCallExpression(node)) return;
    zodChainCall(scan, node);
    otherCalls(scan, node);
    issueParameterWithoutSymbols(scan, errorNames, node);
    rawShapeTypedSchema(scan, node);
    errorMapWithContext(scan, node);
    refinementPath(scan, node);
  });
  removedExports(scan);
  if (scan.findings.length === 0) resolveV3Subpath(scan, code);
  return { edits: scan.edits, findings: [...scan.findings].sort((a, b) => a.pos - b.pos) };
}

/**
 * `import … from 'zod/v3'` (and `export … from`, `import('zod/v3')`, `require('zod/v3')`) → `'zod'`:
 * with every zod 3 call of the file rewritten, its schemas are zod 4's, which the v2 SDK takes. A
 * file that imports zod 4 (`zod/v4`) beside it handles both on purpose, and keeps both.
 */
function resolveV3Subpath(scan: ZodScan, code: ZodCode): void {
  const { file } = scan;
  const specifiers: ts.StringLiteralLike[] = [];
  const zod4 = zod4Modules(code);
  let zod4Too: ts.StringLiteralLike | undefined;
  walk(file, (node) => {
    const specifier = moduleSpecifierOf(node);
    if (specifier?.text === 'zod/v3') specifiers.push(specifier);
    if (specifier && zod4.has(specifier.text)) zod4Too ??= specifier;
  });
  if (specifiers.length === 0) return;
  if (zod4Too) {
    scan.findings.push({
      rule: ZOD_UPGRADE_RULE,
      severity: 'warning',
      pos: specifiers[0].getStart(file),
      message: `this file imports zod 3 from \`zod/v3\` and zod 4 from \`${zod4Too.text}\` (line ${file.getLineAndCharacterOfPosition(zod4Too.getStart(file)).line + 1}), a module that handles both on purpose: \`zod/v3\` is left as it is, and its zod 3 schemas are ones the v2 SDK refuses`,
      suggestion: 'Hand only zod 4 schemas to registerTool / registerPrompt; once nothing needs zod 3 here, import `zod` alone.',
      marker: false,
    });
    return;
  }
  for (const specifier of specifiers) {
    const start = specifier.getStart(file);
    scan.edits.push({ start: start + 1, end: specifier.end - 1, text: 'zod' });
  }
}

function moduleSpecifierOf(node: ts.Node): ts.StringLiteralLike | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier;
  if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
    const callee = node.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) return node.arguments[0];
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) return node.argument.literal;
  return undefined;
}
