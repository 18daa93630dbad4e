// Capability checks in a migrated handler read the per-request envelope (2026-07-28 has no
// connection to remember capabilities from).
import { Node } from '../../ts-morph.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import { findCapabilityReads } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { handlerLabel } from '../../analysis/handlers.js';

/** `getClientCapabilities()` in a migrated handler becomes `clientCapabilities(ctx) ?? <the old call>`; each is noted. */
export function capabilityEdits(handler: HandlerInfo, ctxName: string, uses: Set<string>, findings: FindingInput[]): TextEdit[] {
  const fn = handler.fn;
  const reads = findCapabilityReads(fn);
  return reads.map((call) => {
    uses.add('clientCapabilities');
    findings.push({
      rule: 'client-capabilities',
      severity: 'info',
      pos: call.getStart(),
      message: `${call.getExpression().getText()}() in ${handlerLabel(handler)} now reads this request's declared client capabilities first (the old read stays as the fallback for 2025-era requests)`,
    });
    // 2026-07-28 requests carry their capabilities; a 2025-era request has none in its envelope, so
    // the old per-connection read stays as the fallback.
    const parent = call.getParent();
    const bare = parent && (Node.isVariableDeclaration(parent) || Node.isReturnStatement(parent) || Node.isExpressionStatement(parent));
    const read = `clientCapabilities(${ctxName}) ?? ${call.getText()}`;
    return { start: call.getStart(), end: call.getEnd(), text: bare ? read : `(${read})` };
  });
}
