// Our own part of the v1 → v2 surface upgrade, run before the official codemod's transforms on
// the same file: what the official codemod declines or reprints without the file's layout.
// Analyse once, then one list of minimal text edits:
//   registrations  every overload of tool / prompt / resource, names from any expression,
//                  shapes from variables; raw shape literals wrapped in z.object(…)
//   handler keys   setRequestHandler(XSchema | z.object({ method: z.literal(…) }), …) → method string
//   contexts       the v1 `extra` of every handler found above → the v2 context
//   imports        v1 utility modules, emptied schema imports, a zod import where one is needed
//   exact shapes   keys v1's loose protocol types let through and v2's reject (reported)
import type { ts } from '../../ts-morph.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { upgradeContexts } from './context.js';
import { exactShapeFindings } from './exact-shapes.js';
import { fileFacts } from './facts.js';
import { upgradeImports } from './imports.js';
import { upgradeRegistrations } from './registrations.js';
import { upgradeHandlerKeys } from './request-handlers.js';
import { officialMasks, type MaskSpan } from './masks.js';
import { upgradeSurfaceUses } from './surface-uses.js';

export { v1Leftovers } from './leftovers.js';
export { importBindings } from '../../ast/compiler-nodes.js';
export { renameV1Symbols } from './symbols.js';

export interface V1SurfaceUpgrade {
  edits: TextEdit[];
  /** Positions are offsets of the text the upgrade read. */
  findings: FindingInput[];
  /** Some `setRequestHandler` key became a method string (v2 then types the handler's result). */
  keysRewritten: boolean;
  /**
   * The method names of calls on receivers that are not the SDK's (offsets of the text read), left
   * as they were: the official transforms, which match methods by name, must not see them.
   */
  masks: MaskSpan[];
}

export interface V1SurfaceOptions {
  /** Where moved v1 utilities go: `@modelcontextprotocol/server` or `/client`. */
  contextPackage: string;
}

export function upgradeV1Surface(file: ts.SourceFile, text: string, options: V1SurfaceOptions): V1SurfaceUpgrade {
  const facts = fileFacts(file, text);
  try {
    const registrations = upgradeRegistrations(facts);
    const uses = upgradeSurfaceUses(facts);
    const keys = upgradeHandlerKeys(facts);
    const contexts = upgradeContexts(facts, [...registrations.callbacks, ...uses.callbacks, ...keys.callbacks]);
    const imports = upgradeImports(facts, keys.unusedImports, { addZod: registrations.usesZod || uses.usesZod, contextPackage: options.contextPackage });
    return {
      edits: [...registrations.edits, ...uses.edits, ...keys.edits, ...contexts.edits, ...imports.edits],
      findings: [...registrations.findings, ...uses.findings, ...keys.findings, ...contexts.findings, ...imports.findings, ...exactShapeFindings(facts)],
      keysRewritten: keys.edits.length > 0,
      masks: officialMasks(facts, registrations.leftAlone),
    };
  } finally {
    facts.receivers.dispose();
  }
}
