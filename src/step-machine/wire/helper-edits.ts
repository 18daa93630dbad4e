// The same-file helpers whose calls were lifted into handlers: each gets its companions (request
// builder and outcome function) beside it, and goes when nothing references it any more.
import { Node, SyntaxKind } from '../../ts-morph.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { companionText, type CompanionTypes, type HelperCall, type LiftableHelper } from '../recognise/helpers.js';
import { isPropertyName } from '../../ast/references.js';
import { answerTypeName, requestTypeName } from '../plan/sdk-types.js';
import { keptHelperFinding, unhandledSiteFinding, type SiteScope } from '../recognise/site-findings.js';
import { identifiersIn, indentationAt, lineStartOf } from '../../ast/text.js';
import { sdkImportNames } from './unused-imports.js';
import { isExported } from '../../ast/exports.js';

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
    const types = companionTypes(helper, typescript);
    const indent = indentationAt(text, helper.declaration.getStart());
    const companions = companionText(helper, indent, style.indentUnit, style.eol, style.semicolons ? ';' : '', types, forOtherFiles, contextReadEdits(helper));
    companionUses(helper, companions, uses);
    const exported = Node.isFunctionDeclaration(helper.declaration) ? isExported(helper.declaration) :
      Node.isVariableStatement(helper.declaration) && isExported(helper.declaration);
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
/** `getClientCapabilities()` in a helper that takes the request context: this request's capabilities first. */
export function contextReadEdits(helper: LiftableHelper): TextEdit[] {
  if (!helper.context) return [];
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

function companionTypes(helper: LiftableHelper, typescript: boolean): CompanionTypes {
  if (!typescript) return {};
  const kind = helper.site.kind === 'roots' ? 'roots' : helper.site.kind === 'sampling' ? 'sampling' : helper.site.elicitMode === 'url' ? 'elicit-url' : 'elicit';
  const declared = helper.fn.getReturnTypeNode()?.getText();
  const result = declared?.replace(/^Promise<([\s\S]*)>$/, '$1');
  return { request: requestTypeName(kind), answer: answerTypeName(kind, helper.site.api), result, ...(helper.context ? { context: 'ServerContext' } : {}) };
}

/**
 * The SDK and state-module names the companions' text reads: those are imported (or stay imported),
 * and only those. A type the companions were offered but do not spell (the answer's, when the helper
 * returns the answer itself and has no outcome function) is not imported: it would be an unused
 * import under noUnusedLocals. SDK names the companions repeat from the helper (its parameters'
 * types, its result type, code before the question) stay imported when the helper goes.
 */
function companionUses(helper: LiftableHelper, companions: string, uses: Set<string>): void {
  const read = identifiersIn(helper.receiver ? `class Companions {\n${companions}\n}` : companions);
  const sdkNames = new Set([...sdkImportNames(helper.fn.getSourceFile()), 'ServerContext',
    'ElicitRequestFormParams', 'CreateMessageRequestParams', 'ListRootsResult', 'CreateMessageResultWithTools', 'CreateMessageResult', 'ElicitResult']);
  for (const name of read) {
    if (name === 'inputRequired' || name === 'clientCapabilities') uses.add(name);
    else if (sdkNames.has(name)) uses.add(`type ${name}`);
  }
}

