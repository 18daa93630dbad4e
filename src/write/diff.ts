// Dry-run output: a git-style unified diff that `git apply` (and `patch -p1`) accept as is.
import { lineHunks } from './line-diff.js';
import { compareText } from '../report/json.js';
import type { CreatedFile } from '../run-types.js';
import type { FileOutcome } from '../types.js';

const CONTEXT = 3;

/**
 * The change from `oldText` (undefined: the file is new) to `newText` as a unified diff with git
 * headers, ending in a newline; '' when nothing changed. Line endings are kept as they are, so a
 * CRLF file yields CRLF lines.
 */
export function unifiedDiff(displayPath: string, oldText: string | undefined, newText: string, hunks?: readonly string[]): string {
  if (oldText === newText) return '';
  const isNew = oldText === undefined;
  const a = quotePath(`a/${displayPath}`);
  const b = quotePath(`b/${displayPath}`);
  // git adds a tab after names with spaces so that GNU patch finds where the name ends.
  const tab = displayPath.includes(' ') ? '\t' : '';

  const out: string[] = [`diff --git ${a} ${b}`];
  if (isNew) out.push('new file mode 100644');
  out.push(isNew ? '--- /dev/null' : `--- ${a}${tab}`, `+++ ${b}${tab}`);

  out.push(...(hunks ?? diffHunks(oldText ?? '', newText)));
  if (isNew && newText === '') {
    // An empty new file has no hunks, and git writes no ---/+++ lines for it either.
    return `diff --git ${a} ${b}\nnew file mode 100644\n`;
  }
  return out.join('\n') + '\n';
}

/**
 * The hunks of the diff from `oldText` to `newText`, as lines: the costly part of unifiedDiff,
 * which does not depend on the path (a thread that finishes a file computes it beside the main
 * thread, see file-task.ts).
 */
export function diffHunks(oldText: string, newText: string): string[] {
  const out: string[] = [];
  for (const hunk of lineHunks(oldText, newText, CONTEXT)) {
    // Unified format: an empty range is numbered from the line before it.
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    out.push(`@@ -${range(oldStart, hunk.oldLines)} +${range(newStart, hunk.newLines)} @@`);
    // Each line keeps its own '\r' (if any); '\ No newline at end of file' lines come with the hunk.
    out.push(...hunk.lines);
  }
  return out;
}

function range(start: number, lines: number): string {
  return lines === 1 ? `${start}` : `${start},${lines}`;
}

/** git's C-style quoting for names with quotes, backslashes or control characters. */
function quotePath(p: string): string {
  if (!/["\\\x00-\x1f\x7f]/.test(p)) return p;
  const escapes: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
  const body = p.replace(/["\\\x00-\x1f\x7f]/g, (c) => escapes[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `"${body}"`;
}

/**
 * The unified diff of a run, in path order. `newFiles: 'summary'` shows each created file by its
 * header and line count only (for the PR comment: the generated requestState module is long and
 * the same in every package).
 */
export function renderDiff(
  outcomes: readonly FileOutcome[],
  created: readonly CreatedFile[],
  options: { newFiles?: 'full' | 'summary' } = {},
): string {
  const parts: { path: string; text: string }[] = [];
  for (const outcome of outcomes) {
    if (outcome.output !== undefined && !outcome.error) {
      // Hunks computed where the file was run hold while its texts are still those they were computed for.
      const known = outcome.diffHunks;
      const hunks = known && known.original === outcome.original && known.output === outcome.output ? known.lines : undefined;
      parts.push({ path: outcome.path, text: unifiedDiff(outcome.path, outcome.original, outcome.output, hunks) });
    }
  }
  for (const file of created) {
    const full = unifiedDiff(file.path, undefined, file.text);
    if (options.newFiles !== 'summary') {
      parts.push({ path: file.path, text: full });
      continue;
    }
    const lines = full.split('\n');
    const header = lines.slice(0, lines.findIndex((line) => line.startsWith('@@')));
    const count = file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0);
    parts.push({ path: file.path, text: `${header.join('\n')}\n… ${count} lines, not shown here (\`mcp-mrtr-migrate --dry-run\` prints them)\n` });
  }
  return parts
    .sort((a, b) => compareText(a.path, b.path))
    .map((p) => p.text)
    .join('');
}
