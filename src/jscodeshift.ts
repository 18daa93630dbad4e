// jscodeshift compatibility: `npx jscodeshift -t dist/transforms/<id>.js --parser ts` calls the
// default-exported function of a transform module with (fileInfo, api, options). We ignore the
// jscodeshift AST and run our own engine on the source text. Like the CLI, the run creates the
// package's requestState module the migrated code imports (unless jscodeshift's --dry is given),
// and never overwrites one that exists.
import path from 'node:path';
import { transformSource } from './engine.js';
import type { Transform, TransformOptions } from './types.js';
import { PackageResolver, stateModulePathFor } from './discover/workspace.js';
import { createFileIfAbsent } from './write/write.js';

export interface JscodeshiftFileInfo {
  path: string;
  source: string;
}

export type JscodeshiftTransform = (
  fileInfo: JscodeshiftFileInfo,
  api?: unknown,
  options?: Record<string, unknown>,
) => Promise<string | undefined>;

const packages = new PackageResolver();

export function toJscodeshift(transform: Transform): JscodeshiftTransform {
  return async (fileInfo, _api, options = {}) => {
    const absPath = path.resolve(fileInfo.path);
    const root = packages.packageFor(absPath)?.root ?? path.dirname(absPath);
    const transformOptions = { stateModulePath: stateModulePathFor(root), ...options } as TransformOptions;
    const outcome = transformSource({ absPath, text: fileInfo.source, transforms: [transform], options: transformOptions });
    if (outcome.output !== undefined && options.dry !== true) {
      for (const file of outcome.newFiles) await createFileIfAbsent(file.absPath, file.text);
    }
    // jscodeshift treats undefined as "unchanged".
    return outcome.output;
  };
}
