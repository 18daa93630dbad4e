// The same-file helpers whose calls were lifted into handlers: each gets its companions (request
// builder and outcome function) beside it, and goes when nothing references it any more.
import { Node, SyntaxKind } from '../ts-morph.js';
import type { TextStyle } from '../text-style.js';
import type { FindingInput, TextEdit } from '../types.js';
import { companionText, type CompanionTypes, type HelperCall, type LiftableHelper } from './helpers.js';
import { isPropertyName } from './references.js';
import { answerTypeName, requestTypeName } from './sdk-types.js';
import { keptHelperFinding, unhandledSiteFinding, type SiteScope } from './site-findings.js';
import { indentationAt, lineStartOf } from './text.js';
import { sdkImportNames } from './unused-imports.js';

/**
 * For each helper with at least one migrated call: its request builder and result function next to
 * it; the helper removed when nothing references it any more (and it is not exported), else kept
 * and its question reported for the callers that still use it.
 */
export function helperEdits(
  helpers: Map<Node, LiftableHelper>,
  calls: Map<Node, HelperCall>,
  migrated: Set<Node>,
  text: string,
  style: TextStyle,
  typescript: boolean,
  uses: Set<string>,
  edits: TextEdit[],
  scope: SiteScope,
  removedDeclarations: Node[],
  exportFor: ReadonlySet<string>,
): FindingInput[] {
  const findings: FindingInput[] = [];
  // A chain helper's companions call its inner helper's, so those are written too.
  const needed = new Set<LiftableHelper>();
  for (const helper of helpers.values()) {
    if (!exportFor.has(helper.name) && ![...migrated].some((call) => calls.get(call)?.helper === helper)) continue;
    for (let link: LiftableHelper | undefined = helper; link; link = link.via?.inner) needed.add(link);
  }
  // Outer helpers first: a reference inside a helper that goes does not keep its inner helper.
  const removedHelpers: Node[] = [];
  for (const helper of [...helpers.values()].sort((a, b) => b.depth - a.depth)) {
    const migratedHere = [...migrated].filter((call) => calls.get(call)?.helper === helper);
    // Callers in other files were migrated: the companions are written (and exported) all the same.
    const forOtherFiles = exportFor.has(helper.name);
    const references = helper.declaration.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)
      .filter((id) => id.getText() === helper.name && !helper.declaration.containsRange(id.getPos(), id.getEnd()) &&
        // `{ confirm: … }`, `answer.content?.confirm`: a property named like the helper is no reference to it.
        (helper.receiver !== '' || !isPropertyName(id)));
    const remaining = references.filter((id) => !migratedHere.some((call) => call.containsRange(id.getPos(), id.getEnd())) &&
      !removedHelpers.some((d) => d.containsRange(id.getPos(), id.getEnd())));
    if (!needed.has(helper)) {
      const finding = helper.via ? undefined : unhandledSiteFinding(helper.site, scope);
      if (finding) findings.push(finding);
      continue;
    }
    const types = companionTypes(helper, typescript, uses);
    const indent = indentationAt(text, helper.declaration.getStart());
    const companions = companionText(helper, indent, style.indentUnit, style.eol, style.semicolons ? ';' : '', types, forOtherFiles, contextReadEdits(helper, uses));
    const exported = Node.isFunctionDeclaration(helper.declaration) ? helper.declaration.isExported() :
      Node.isVariableStatement(helper.declaration) && helper.declaration.isExported();
    // The helper's doc comment goes with it: the companions carry their own.
    const start = lineStartOf(text, helper.declaration.getStart(true));
    if (remaining.length === 0 && !exported) {
      edits.push({ start, end: helper.declaration.getEnd(), text: companions.replace(/^[ \t]*/, indent) });
      removedDeclarations.push(helper.declaration);
      removedHelpers.push(helper.declaration);
    } else {
      edits.push({ start: helper.declaration.getEnd(), end: helper.declaration.getEnd(), text: `${style.eol}${style.eol}${companions}` });
      // A kept chain helper's question is reported at its inner helper, which it keeps too.
      if (helper.via) continue;
      // The message stays what a later run reports for the same spot, so the marker is never doubled.
      const why = remaining.length > 0
        ? `It stays for its other callers (${remaining.length} reference${remaining.length === 1 ? '' : 's'} left)`
        : 'It stays because it is exported';
      findings.push({
        ...keptHelperFinding(helper.site, helper.name),
        suggestion: `${why}; the migrated handlers use ${helper.requestFn}()${helper.resultFn ? ` and ${helper.resultFn}()` : ''} instead. Move the remaining callers to those, then remove it.`,
      });
    }
  }
  return findings;
}

/**
 * `x.getClientCapabilities()` in a lifted helper's companions becomes
 * `clientCapabilities(ctx) ?? x.getClientCapabilities()`, as in a migrated handler: this request's
 * declared capabilities on 2026-07-28, the connection's on a 2025-era request.
 */
function contextReadEdits(helper: LiftableHelper, uses: Set<string>): TextEdit[] {
  if (!helper.context) return [];
  uses.add('clientCapabilities');
  return helper.fn.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => {
    const callee = call.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities';
  }).map((call) => {
    const parent = call.getParent();
    const bare = parent && (Node.isVariableDeclaration(parent) || Node.isReturnStatement(parent) || Node.isExpressionStatement(parent));
    const read = `clientCapabilities(${helper.context!.name}) ?? ${call.getText()}`;
    return { start: call.getStart(), end: call.getEnd(), text: bare ? read : `(${read})` };
  });
}

function companionTypes(helper: LiftableHelper, typescript: boolean, uses: Set<string>): CompanionTypes {
  if (!typescript) return {};
  if (helper.context) uses.add('type ServerContext');
  const kind = helper.site.kind === 'roots' ? 'roots' : helper.site.kind === 'sampling' ? 'sampling' : helper.site.elicitMode === 'url' ? 'elicit-url' : 'elicit';
  const request = requestTypeName(kind);
  const answer = answerTypeName(kind, helper.site.api);
  for (const name of `${request ?? ''} ${answer}`.match(/\b(ElicitRequestFormParams|CreateMessageRequestParams|ListRootsResult|CreateMessageResultWithTools|CreateMessageResult|ElicitResult)\b/g) ?? []) {
    uses.add(`type ${name}`);
  }
  if (kind === 'elicit-url') uses.add('inputRequired');
  const declared = helper.fn.getReturnTypeNode()?.getText();
  const result = declared?.replace(/^Promise<([\s\S]*)>$/, '$1');
  // The companions repeat the declared result type and the parameters they take: SDK types those
  // name stay imported.
  const sdkNames = new Set(sdkImportNames(helper.fn.getSourceFile()));
  const copied = [...new Set([...helper.requestParams, ...helper.outcomeParams])].map((i) => helper.params[i].getTypeNode());
  for (const typeNode of [helper.fn.getReturnTypeNode(), ...copied]) {
    for (const id of typeNode?.getDescendantsOfKind(SyntaxKind.Identifier) ?? []) {
      if (sdkNames.has(id.getText())) uses.add(`type ${id.getText()}`);
    }
  }
  return { request, answer, result, ...(helper.context ? { context: 'ServerContext' } : {}) };
}

