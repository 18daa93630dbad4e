// Companion packages of the SDK whose 1.x is built on the v1 SDK and whose 2.x is built on
// @modelcontextprotocol/server (v2), with the same API: a package that imports one moves to v2 with
// its range raised, instead of staying on v1. Checked in the npm registry on 2026-12-07 (`npm view
// <name>@2 dependencies peerDependencies`): each 2.0.x depends on, or peers on,
// @modelcontextprotocol/server ^2 / 2.0.0 and no longer on @modelcontextprotocol/sdk. The
// @modelcontextprotocol/server-* reference servers (filesystem, memory, everything, …) are not
// here: their releases still depend on @modelcontextprotocol/sdk.

/** The range a package moving to v2 declares for each companion (its first v2-based major). */
const V2_COMPANION_RANGES: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries([
  'ext-apps',
  // The MCP Apps example servers published from the ext-apps repository.
  'server-basic-preact', 'server-basic-react', 'server-basic-solid', 'server-basic-svelte', 'server-basic-vanillajs', 'server-basic-vue',
  'server-budget-allocator', 'server-cohort-heatmap', 'server-customer-segmentation', 'server-debug', 'server-map', 'server-pdf',
  'server-scenario-modeler', 'server-shadertoy', 'server-sheet-music', 'server-system-monitor', 'server-threejs', 'server-transcript',
  'server-video-resource', 'server-wiki-explorer',
].map((name) => [`@modelcontextprotocol/${name}`, '^2.0.0'])));

/** When this table was checked against the registry (said in the finding that raises a range). */
export const V2_COMPANIONS_CHECKED = '2026-12-07';

/** The v2-based range of `name`, when it is a companion with a v2 release. */
export function v2CompanionRange(name: string): string | undefined {
  return Object.hasOwn(V2_COMPANION_RANGES, name) ? V2_COMPANION_RANGES[name] : undefined;
}

/**
 * Whether `range` admits only releases before the companion's v2-based major, so it must be raised:
 * `^1.3.1`, `~1.7.0`, `1.7.5`, `1.x`. Other ranges (`*`, `>=1`, `latest`, `workspace:*`) already
 * admit 2.x, or are the user's to change.
 */
export function belowV2(range: string): boolean {
  return /^\s*(?:\^|~|=)?\s*v?[01](?:\.(?:\d+|x|\*)){0,2}(?:-[\w.]+)?\s*$/.test(range);
}
