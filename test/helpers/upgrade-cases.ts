// The fixture cases of an upgrade (v1 SDK, zod 3): every <case>.input.ts (or .js, .mjs, …) in `dir`,
// with its <case>.output.<ext> (absent: the input stays as it is) and <case>.errors.json (absent: no
// errors).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface UpgradeCase {
  name: string;
  inputPath: string;
  outputPath?: string;
  errorsPath?: string;
}

export function upgradeCases(dir: string): UpgradeCase[] {
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const match = /^(.*)\.input\.([cm]?[jt]s)$/.exec(file);
      if (!match) return [];
      const at = (suffix: string) => (existsSync(path.join(dir, `${match[1]}${suffix}`)) ? path.join(dir, `${match[1]}${suffix}`) : undefined);
      return [{ name: match[1], inputPath: path.join(dir, file), outputPath: at(`.output.${match[2]}`), errorsPath: at('.errors.json') }];
    });
}
