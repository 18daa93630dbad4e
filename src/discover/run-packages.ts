// The package each file of a run belongs to, found once per directory.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { toDisplayPath } from './discover.js';
import { PackageResolver } from './workspace.js';
import type { ProjectType } from '../upgrade/sdk-upgrade.js';

export interface PackageRef {
  root: string;
  name: string;
  /** Display path of the root ('.' for cwd). */
  path: string;
  /** Whether a package.json makes it a package; false: the files of a target without one, grouped only for the report. */
  manifest: boolean;
  /** Computed when the package's first candidate turns up. */
  stateModulePath?: string;
  /** Computed when the package's first file that needs the v1→v2 upgrade turns up. */
  sdkProjectType?: ProjectType;
}

export interface RunPackages {
  /** The directories the run was given (a file's directory for a file), longest first. */
  targetRoots: string[];
  packageOf(absPath: string): PackageRef;
}

export function runPackages(cwd: string, paths: readonly string[]): RunPackages {
  const resolver = new PackageResolver();
  const targetRoots = paths.map((p) => {
    const abs = path.resolve(cwd, p);
    return existsSync(abs) && statSync(abs).isDirectory() ? abs : path.dirname(abs);
  }).sort((a, b) => b.length - a.length);
  const targetRootOf = (dir: string) =>
    targetRoots.find((root) => dir === root || dir.startsWith(root + path.sep)) ?? cwd;
  const packageOfDir = new Map<string, PackageRef>();
  const refByRoot = new Map<string, PackageRef>();
  const packageOf = (absPath: string): PackageRef => {
    const dir = path.dirname(absPath);
    let ref = packageOfDir.get(dir);
    if (!ref) {
      const pkg = resolver.packageFor(dir);
      // Without a package.json above it, a file belongs to the target it was found under (never
      // to the current directory, which may lie outside every target).
      const root = pkg?.root ?? targetRootOf(dir);
      ref = refByRoot.get(root);
      if (!ref) {
        ref = { root, name: pkg?.name ?? path.basename(root), path: toDisplayPath(cwd, root) || '.', manifest: pkg !== undefined };
        refByRoot.set(root, ref);
      }
      packageOfDir.set(dir, ref);
    }
    return ref;
  };
  return { targetRoots, packageOf };
}
