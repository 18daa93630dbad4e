// The files of a cross-file group (a helper module and the callers that now import its companions)
// change together. Each one is replaced atomically, but a run stopped between two of them (killed,
// the machine down) would leave the group half-written, and a later run could not finish it: the
// callers' migration starts from the module as it was. So before writing the first of them, a run
// writes a journal beside them: each file's digest as it was and its new text. A later write run
// finishes what a journal describes (every file still as it was gets its new text), then deletes it.
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { isLive, readSourceFile, writeFileAtomic } from './write.js';

const JOURNAL_NAME = /^\.mcp-mrtr-migrate-group\.(\d+)\.json$/;

export interface JournalEntry {
  absPath: string;
  /** The file's text as the run read it. */
  original: string;
  /** What the run writes. */
  text: string;
}

interface Journal {
  version: 1;
  files: { path: string; sha256: string; text: string }[];
}

export function isJournalName(name: string): boolean {
  return JOURNAL_NAME.test(name);
}

/** Writes the journal of a group into the folder holding all its files; returns its path. */
export async function writeJournal(entries: readonly JournalEntry[]): Promise<string> {
  const dirs = entries.map((e) => path.dirname(e.absPath));
  let dir = dirs[0];
  // The deepest folder holding them all (a file system root ends in a separator already).
  const holds = (d: string) => d === dir || d.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  while (!dirs.every(holds)) dir = path.dirname(dir);
  const journal: Journal = { version: 1, files: entries.map((e) => ({ path: path.relative(dir, e.absPath), sha256: digest(e.original), text: e.text })) };
  const file = path.join(dir, `.mcp-mrtr-migrate-group.${process.pid}.json`);
  await writeFileAtomic(file, JSON.stringify(journal));
  return file;
}

/**
 * Finishes the groups the journals describe (those of runs no longer going on): each file whose
 * text is still the original gets its new text; a file changed otherwise since is left alone. Each
 * journal is deleted afterwards. Returns the files written.
 */
export async function finishJournals(journals: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of journals) {
    const pid = Number(JOURNAL_NAME.exec(path.basename(file))?.[1]);
    if (!pid || (pid !== process.pid && isLive(pid))) continue;
    let journal: Journal | undefined;
    try {
      journal = JSON.parse(await fsp.readFile(file, 'utf8')) as Journal;
    } catch {
      // Not readable as a journal (it is written atomically, so changed by hand): nothing to finish.
    }
    for (const entry of journal?.version === 1 ? journal.files : []) {
      const absPath = path.resolve(path.dirname(file), entry.path);
      const now = await readSourceFile(absPath).catch(() => undefined);
      if (now === undefined || digest(now) !== entry.sha256) continue;
      await writeFileAtomic(absPath, entry.text);
      written.push(absPath);
    }
    await fsp.rm(file, { force: true });
  }
  return written;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
