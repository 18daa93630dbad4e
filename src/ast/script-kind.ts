// How the compiler is to parse a file, from its extension.
import { ScriptKind } from '../ts-morph.js';

export function scriptKindFor(absPath: string): ScriptKind {
  if (/\.tsx$/i.test(absPath)) return ScriptKind.TSX;
  if (/\.(m|c)?ts$/i.test(absPath)) return ScriptKind.TS;
  if (/\.jsx$/i.test(absPath)) return ScriptKind.JSX;
  return ScriptKind.JS;
}
