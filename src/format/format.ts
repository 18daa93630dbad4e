// Formatting changed files with the project's own prettier setup, and only where the project uses
// prettier: a file the user does not format must not be reformatted by us.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lineRuns, splitLineTokens } from '../write/line-diff.js';

/**
 * The names prettier looks for in each directory from the file's up to the root (its
 * config-searcher's list); package.json and package.yaml count only with a "prettier" key.
 */
const CONFIG_FILES = [
  '.prettierrc', '.prettierrc.json', '.prettierrc.yml', '.prettierrc.yaml', '.prettierrc.json5', '.prettierrc.js',
  'prettier.config.js', '.prettierrc.ts', 'prettier.config.ts', '.prettierrc.mjs', 'prettier.config.mjs',
  '.prettierrc.mts', 'prettier.config.mts', '.prettierrc.cjs', 'prettier.config.cjs', '.prettierrc.cts',
  'prettier.config.cts', '.prettierrc.toml', 'package.yaml',
];

/**
 * Whether a prettier configuration may apply in `dir`: a cheap look for the files prettier would
 * read, so that prettier (a large module) is loaded only where it may have something to do.
 * Errs on the side of yes (prettier then decides).
 */
export function mayHaveConfig(dir: string): boolean {
  for (; ; dir = path.dirname(dir)) {
    if (CONFIG_FILES.some((name) => existsSync(path.join(dir, name))) || packageJsonConfigures(path.join(dir, 'package.json'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

function packageJsonConfigures(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return Boolean((JSON.parse(readFileSync(file, 'utf8')) as { prettier?: unknown } | null)?.prettier);
  } catch {
    return true;
  }
}

/**
 * Formats `text` as the file at `absPath` when a prettier configuration applies to it (a config
 * file, or a "prettier" key in package.json) and `.prettierignore` next to that config does not
 * exclude it. Given the file's `original` text, prettier's layout is taken only where the run wrote
 * lines (see touchedLayout). Never throws: any prettier failure returns the text unchanged.
 */
export async function formatIfConfigured(absPath: string, text: string, original?: string): Promise<{ text: string; formatted: boolean }> {
  const unchanged = { text, formatted: false };
  if (!mayHaveConfig(path.dirname(path.resolve(absPath)))) return unchanged;
  try {
    const prettier = await import('prettier');
    const configFile = await prettier.resolveConfigFile(absPath);
    if (!configFile) return unchanged;
    const ignorePath = path.join(path.dirname(configFile), '.prettierignore');
    const info = await prettier.getFileInfo(absPath, {
      ignorePath: existsSync(ignorePath) ? ignorePath : undefined,
    });
    if (info.ignored || !info.inferredParser || onlyForOtherFileTypes(configFile, absPath)) return unchanged;
    const config = (await prettier.resolveConfig(absPath, { editorconfig: true })) ?? {};
    const formattedText = await prettier.format(text, {
      ...config,
      filepath: absPath,
      // prettier's default is "lf", which would rewrite every line of a CRLF file; unless the
      // project asks for an ending, keep the file's own.
      endOfLine: config.endOfLine ?? 'auto',
    });
    const kept = original === undefined || formattedText === text ? undefined : touchedLayout(original, text, formattedText);
    // Loaded only here: the format thread does not load the compiler otherwise.
    if (kept !== undefined && kept !== formattedText && (await import('./same-code.js')).sameCode(absPath, kept, formattedText)) return { text: kept, formatted: true };
    return { text: formattedText, formatted: true };
  } catch {
    // Syntax prettier cannot parse, a missing plugin, a broken config: leave formatting alone.
    return unchanged;
  }
}

/**
 * A JSON prettier config with no options of its own, only overrides for other file types
 * (`{ "overrides": [{ "files": ["*.yml"], … }] }`): the project formats those files with prettier,
 * not this one (its TypeScript may be formatted by another tool, with tabs).
 */
function onlyForOtherFileTypes(configFile: string, absPath: string): boolean {
  let config: { overrides?: { files?: string | string[] }[] } & Record<string, unknown>;
  try {
    config = JSON.parse(readFileSync(configFile, 'utf8')) as typeof config;
  } catch {
    return false;
  }
  if (typeof config !== 'object' || config === null || !Array.isArray(config.overrides)) return false;
  if (Object.keys(config).some((key) => key !== 'overrides' && key !== '$schema')) return false;
  const patterns = config.overrides.flatMap((o) => (Array.isArray(o.files) ? o.files : o.files === undefined ? [] : [o.files]));
  const extensions = patterns.map((p) => /^(?:\*\*\/)?\*\.([\w.]+)$/.exec(p)?.[1]);
  if (patterns.length === 0 || extensions.some((e) => e === undefined)) return false;
  return !extensions.some((e) => absPath.endsWith(`.${e}`));
}

/**
 * `formatted` (prettier's layout of the run's output `text`) where the run wrote lines of
 * `original`, `text` elsewhere: each block of lines prettier changed is taken when it overlaps a line
 * the run wrote (or stands where the run removed lines), and left as it was otherwise, so a file
 * laid out by hand or by another prettier version keeps that layout where the run did not touch
 * it. The caller keeps the result only when it is the same code as `formatted` (format/same-code.ts).
 * Undefined when a line diff is too large to compute.
 */
export function touchedLayout(original: string, text: string, formatted: string): string | undefined {
  const textLines = splitLineTokens(text);
  const written = lineRuns(splitLineTokens(original), textLines);
  const laidOut = lineRuns(textLines, splitLineTokens(formatted));
  if (!written || !laidOut) return undefined;
  // Lines of `text` the run wrote, and the two lines around each place it removed lines.
  const touched = new Set<number>();
  let at = 0;
  for (const run of written) {
    if (run.kind === 'common') at += run.lines.length;
    else if (run.kind === 'added') for (let k = 0; k < run.lines.length; k++) touched.add(at++);
    else touched.add(at - 1).add(at);
  }
  const out: string[] = [];
  at = 0;
  for (let i = 0; i < laidOut.length;) {
    if (laidOut[i].kind === 'common') {
      out.push(...laidOut[i].lines);
      at += laidOut[i++].lines.length;
      continue;
    }
    const before: string[] = [];
    const after: string[] = [];
    for (; i < laidOut.length && laidOut[i].kind !== 'common'; i++) (laidOut[i].kind === 'removed' ? before : after).push(...laidOut[i].lines);
    const overlaps = before.length > 0 ? before.some((_, k) => touched.has(at + k)) : touched.has(at - 1) || touched.has(at);
    out.push(...(overlaps ? after : before));
    at += before.length;
  }
  return out.join('');
}
