// Formatting changed files with the project's own prettier setup, and only where the project uses
// prettier: a file the user does not format must not be reformatted by us.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

/**
 * Formats `text` as the file at `absPath` when a prettier configuration applies to it (a config
 * file, or a "prettier" key in package.json) and `.prettierignore` next to that config does not
 * exclude it. Never throws: any prettier failure returns the text unchanged.
 */
export async function formatIfConfigured(absPath: string, text: string): Promise<{ text: string; formatted: boolean }> {
  const unchanged = { text, formatted: false };
  try {
    const configFile = await prettier.resolveConfigFile(absPath);
    if (!configFile) return unchanged;
    const ignorePath = path.join(path.dirname(configFile), '.prettierignore');
    const info = await prettier.getFileInfo(absPath, {
      ignorePath: existsSync(ignorePath) ? ignorePath : undefined,
    });
    if (info.ignored || !info.inferredParser) return unchanged;
    const config = (await prettier.resolveConfig(absPath, { editorconfig: true })) ?? {};
    const formattedText = await prettier.format(text, {
      ...config,
      filepath: absPath,
      // prettier's default is "lf", which would rewrite every line of a CRLF file; unless the
      // project asks for an ending, keep the file's own.
      endOfLine: config.endOfLine ?? 'auto',
    });
    return { text: formattedText, formatted: true };
  } catch {
    // Syntax prettier cannot parse, a missing plugin, a broken config: leave formatting alone.
    return unchanged;
  }
}
