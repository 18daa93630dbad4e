// The source files of the run's packages that lie outside the paths it was given (a run on `src`
// leaves `tests/` and `scripts/`): cross-file mode checks their calls of the handlers it migrates
// (step-machine/plan/outside-callers.ts). Only files that import something are read on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverFiles, type DiscoverOptions } from './discover.js';

export interface OutsideFile {
  absPath: string;
  text: string;
}

/**
 * `packageRoots`: the roots of the packages with candidates; `targetRoots`: the directories the run
 * was given (a package inside one has nothing outside the run).
 */
export async function filesOutsideRun(
  packageRoots: ReadonlySet<string>,
  inRun: ReadonlySet<string>,
  targetRoots: readonly string[],
  discover: DiscoverOptions,
  packageRootOf: (absPath: string) => string,
): Promise<OutsideFile[]> {
  const outside: OutsideFile[] = [];
  for (const root of packageRoots) {
    if (targetRoots.some((target) => root === target || root.startsWith(target + path.sep))) continue;
    const found = await discoverFiles([root], discover);
    for (const file of found.files) {
      if (inRun.has(path.normalize(file.absPath)) || packageRootOf(file.absPath) !== root) continue;
      let text: string;
      try {
        text = readFileSync(file.absPath, 'utf8');
      } catch {
        continue;
      }
      if (/\b(import|require)\b/.test(text)) outside.push({ absPath: file.absPath, text });
    }
  }
  return outside;
}
