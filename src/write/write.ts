// Reading and writing sources without damaging them: exact bytes in and out, atomic replacement,
// and never clobbering a file we meant to create.
import { randomBytes } from 'node:crypto';
import { promises as fsp, readFileSync } from 'node:fs';
import path from 'node:path';

// `fatal` refuses to silently turn non-UTF-8 bytes into U+FFFD (writing that back would corrupt
// the file); `ignoreBOM` keeps a BOM in the string so it is written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a source file as UTF-8. A BOM stays at the start of the string as '\uFEFF', so writing the
 * string back yields the same bytes. Throws on bytes that are not valid UTF-8.
 */
export async function readSourceFile(absPath: string): Promise<string> {
  const bytes = await fsp.readFile(absPath);
  try {
    return decoder.decode(bytes);
  } catch {
    throw new Error('not valid UTF-8 (left untouched)');
  }
}

/** A file's text, or undefined when it cannot be read (gone, a directory, no permission). */
export function readText(absPath: string): string | undefined {
  try {
    return readFileSync(absPath, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Replaces a file's contents atomically: a temp file in the same directory, then rename, so a
 * crash or a full disk never leaves a half-written source. Keeps the existing file's mode, and
 * writes through a symlink to its target instead of replacing the link.
 */
export async function writeFileAtomic(absPath: string, text: string): Promise<void> {
  const target = await fsp.realpath(absPath).catch(() => absPath);
  const mode = await fsp
    .stat(target)
    .then((s) => s.mode & 0o7777)
    .catch(() => undefined);
  const temp = tempPathFor(target);
  try {
    const handle = await fsp.open(temp, 'wx', mode ?? 0o666);
    try {
      await handle.writeFile(text, 'utf8');
      // The umask filtered the mode given to open(); set it exactly.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true }).catch(() => {});
    throw error;
  }
}

/**
 * Creates a file (and its parent directories) unless something already exists at that path.
 * Returns false, writing nothing, if it exists: generated modules never overwrite user code.
 */
export async function createFileIfAbsent(absPath: string, text: string): Promise<boolean> {
  await fsp.mkdir(path.dirname(absPath), { recursive: true });
  if (await exists(absPath)) return false;
  const temp = tempPathFor(absPath);
  try {
    await fsp.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    try {
      // link() fails if the name exists: the content appears complete and nothing is clobbered,
      // even if another process created the file since the check above.
      await fsp.link(temp, absPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      // Filesystems without hard links: exclusive create is still safe against overwriting.
      try {
        await fsp.writeFile(absPath, text, { encoding: 'utf8', flag: 'wx' });
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw inner;
      }
    }
    return true;
  } finally {
    await fsp.rm(temp, { force: true }).catch(() => {});
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    // lstat: a dangling symlink also counts as "something is there".
    await fsp.lstat(p);
    return true;
  } catch {
    return false;
  }
}

function tempPathFor(absPath: string): string {
  // Dot-prefixed and unique, so concurrent runs and editors' watchers do not trip over it; the
  // writer's pid in it tells a later run whether it is still in use.
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  return path.join(path.dirname(absPath), `.${path.basename(absPath)}.${suffix}`);
}

const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A temp file name of ours (`.<name>.<pid>.<hex>.tmp`). */
export function isTempFileName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/**
 * Removes temp files of ours whose writer is gone: what a run killed between writing a temp file and
 * renaming (or linking) it leaves behind. Those of a live process (a run going on now) stay.
 */
export async function removeStaleTempFiles(paths: readonly string[]): Promise<void> {
  for (const file of paths) {
    const pid = Number(TEMP_NAME.exec(path.basename(file))?.[1]);
    if (!pid || (pid !== process.pid && isLive(pid))) continue;
    await fsp.rm(file, { force: true }).catch(() => {});
  }
}

/** Whether a process with this id exists (the writer of a temp file or a journal). */
export function isLive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
