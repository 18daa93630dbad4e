// jscodeshift compatibility: `npx jscodeshift -t dist/transforms/<id>.js --parser ts` calls the
// default-exported function of a transform module with (fileInfo, api, options). We ignore the
// jscodeshift AST and run our own engine on the source text.
import path from 'node:path';
import { transformSource } from './engine.js';
import type { Transform, TransformOptions } from './types.js';

export interface JscodeshiftFileInfo {
  path: string;
  source: string;
}

export type JscodeshiftTransform = (
  fileInfo: JscodeshiftFileInfo,
  api?: unknown,
  options?: Record<string, unknown>,
) => string | undefined;

export function toJscodeshift(transform: Transform): JscodeshiftTransform {
  return (fileInfo, _api, options) => {
    const absPath = path.resolve(fileInfo.path);
    const outcome = transformSource({
      absPath,
      text: fileInfo.source,
      transforms: [transform],
      options: (options ?? {}) as TransformOptions,
    });
    // jscodeshift treats undefined as "unchanged".
    return outcome.output;
  };
}
