// The dependencies whose range a manifest edit adds or changes: those packages are not installed as
// the edited manifest wants them until the user installs again, so the gate types them otherwise.
import { SECTIONS } from '../upgrade/manifests.js';

type Ranges = Map<string, string>;

function rangesOf(text: string): Ranges | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ranges: Ranges = new Map();
  if (typeof json !== 'object' || json === null) return ranges;
  for (const field of SECTIONS) {
    const deps = (json as Record<string, unknown>)[field];
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [name, range] of Object.entries(deps)) if (typeof range === 'string' && !ranges.has(name)) ranges.set(name, range);
  }
  return ranges;
}

/** Names of the dependencies `output` has with another range than `original` (added ones included), sorted. */
export function manifestRangeChanges(original: string, output: string): string[] {
  const before = rangesOf(original) ?? new Map();
  const after = rangesOf(output);
  if (!after) return [];
  return [...after].filter(([name, range]) => before.get(name) !== range).map(([name]) => name).sort();
}
