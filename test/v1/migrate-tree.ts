// What the runner does with the upgrade step, for one package on disk, until the runner calls it
// itself: every source file through transformSource (official v1→v2 upgrade first, then the
// transforms), new files created, then the package.json planned from the results.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSource, type SourceFinding } from '../../src/engine.js';
import { planManifestChanges, type ManifestChange } from '../../src/upgrade/manifests.js';
import type { SdkUpgradeMode } from '../../src/upgrade/sdk-upgrade.js';
import type { Transform } from '../../src/types.js';

export interface TreeResult {
  /** Per file (relative to the package root): the transforms that changed it and its findings. */
  files: Record<string, { transforms: string[]; findings: SourceFinding[]; changed: boolean }>;
  manifest: ManifestChange[];
  created: string[];
}

export function migrateTree(packageRoot: string, transforms: readonly Transform[], sdkUpgrade: SdkUpgradeMode = 'auto'): TreeResult {
  const result: TreeResult = { files: {}, manifest: [], created: [] };
  const planFiles: Parameters<typeof planManifestChanges>[0][number][] = [];
  const stateModulePath = path.join(packageRoot, 'src', 'mrtr-state.ts');
  for (const absPath of sourceFiles(path.join(packageRoot, 'src'))) {
    const text = readFileSync(absPath, 'utf8');
    const outcome = transformSource({ absPath, text, transforms, sdkUpgrade, options: { packageRoot, stateModulePath } });
    const rel = path.relative(packageRoot, absPath).split(path.sep).join('/');
    result.files[rel] = { transforms: outcome.transforms, findings: outcome.findings, changed: outcome.output !== undefined };
    if (outcome.output !== undefined) writeFileSync(absPath, outcome.output);
    for (const file of outcome.newFiles) {
      if (existsSync(file.absPath)) continue;
      writeFileSync(file.absPath, file.text);
      result.created.push(path.relative(packageRoot, file.absPath).split(path.sep).join('/'));
    }
    planFiles.push({ absPath, packageRoot, text: outcome.output ?? text, upgraded: outcome.transforms.includes('sdk-upgrade') });
  }
  result.manifest = planManifestChanges(planFiles);
  for (const change of result.manifest) if (change.output !== undefined) writeFileSync(change.manifestPath, change.output);
  return result;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .filter((file) => /\.[cm]?tsx?$/.test(file) && !/\.d\.ts$/.test(file))
    .sort();
}
