// The line diff of a dry run: the same edit script as jsdiff's diffLines (the `diff` package, whose
// Myers search and tie-breaks are followed step for step, so a patch comes out byte for byte as
// jsdiff's structuredPatch gives it), computed on interned line numbers in typed arrays. jsdiff
// allocates two objects per diagonal and step: on the 4,500-line v1 benchmark file (about 2,400
// changed lines, 2.4 million steps) it took a third of a second, this about half that in a fresh
// process. A search that would need more memory than NODE_BUDGET hands over to jsdiff itself.
import { structuredPatch } from 'diff';

/** One run of the edit script: lines kept, added or removed. */
export interface LineRun {
  kind: 'common' | 'added' | 'removed';
  lines: string[];
}

const COMMON = 0;
const ADDED = 1;
const REMOVED = 2;
const KINDS = ['common', 'added', 'removed'] as const;

/** Path nodes kept before handing the search over to jsdiff (about 9 bytes each). */
const NODE_BUDGET = 16_000_000;

/** Lines with their line ending, as jsdiff's line tokenizer splits them (`\n` or `\r\n` ends a line). */
export function splitLineTokens(text: string): string[] {
  const parts = text.split(/(\n|\r\n)/);
  if (!parts[parts.length - 1]) parts.pop();
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2) lines[lines.length - 1] += parts[i];
    else lines.push(parts[i]);
  }
  return lines.filter((line) => line !== '');
}

/**
 * The search's paths as a tree of runs, each node pointing to the run before it (jsdiff's
 * components), in typed arrays sized for some steps per line and doubled when that is not enough.
 */
class RunTree {
  private capacity: number;
  private previous: Int32Array;
  private kinds: Uint8Array;
  private counts: Int32Array;
  /** Nodes made so far. */
  size = 0;

  constructor(lines: number) {
    this.capacity = Math.max(1 << 16, 16 * lines);
    this.previous = new Int32Array(this.capacity);
    this.kinds = new Uint8Array(this.capacity);
    this.counts = new Int32Array(this.capacity);
  }

  node(before: number, kind: number, count: number): number {
    if (this.size === this.capacity) this.grow();
    this.previous[this.size] = before;
    this.kinds[this.size] = kind;
    this.counts[this.size] = count;
    return this.size++;
  }

  /** A step of one kind after a run of the same kind lengthens it (a copy: other paths share the run). */
  step(last: number, kind: number): number {
    return last >= 0 && this.kinds[last] === kind ? this.node(this.previous[last], kind, this.counts[last] + 1) : this.node(last, kind, 1);
  }

  /** The runs of the path ending at `last`, first to last, with their lines. */
  runs(last: number, oldLines: readonly string[], newLines: readonly string[]): LineRun[] {
    const chain: number[] = [];
    for (let at = last; at >= 0; at = this.previous[at]) chain.push(at);
    chain.reverse();
    let oldPos = 0;
    let newPos = 0;
    return chain.map((at) => {
      const count = this.counts[at];
      const kind = this.kinds[at];
      const lines = kind === REMOVED ? oldLines.slice(oldPos, oldPos + count) : newLines.slice(newPos, newPos + count);
      if (kind !== ADDED) oldPos += count;
      if (kind !== REMOVED) newPos += count;
      return { kind: KINDS[kind], lines };
    });
  }

  private grow(): void {
    this.capacity *= 2;
    const previous = new Int32Array(this.capacity);
    previous.set(this.previous);
    this.previous = previous;
    const kinds = new Uint8Array(this.capacity);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const counts = new Int32Array(this.capacity);
    counts.set(this.counts);
    this.counts = counts;
  }
}

/**
 * The edit script from `oldLines` to `newLines`, run by run, as jsdiff's diffLines orders it;
 * undefined when the search outgrows `budget` nodes. One pass: jsdiff's Myers search, kept as one
 * loop so its tie-breaks read step for step against jsdiff's.
 */
export function lineRuns(oldLines: readonly string[], newLines: readonly string[], budget = NODE_BUDGET): LineRun[] | undefined {
  const ids = new Map<string, number>();
  const intern = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  const a = Int32Array.from(oldLines, intern);
  const b = Int32Array.from(newLines, intern);
  const oldLen = a.length;
  const newLen = b.length;
  const tree = new RunTree(oldLen + newLen);
  const runs = (last: number) => tree.runs(last, oldLines, newLines);

  // The best path per diagonal (oldPos − newPos), as jsdiff keeps them: a slot stays set until it is
  // overwritten or cleared, whatever the round.
  const offset = oldLen + newLen + 2;
  const bestOld = new Int32Array(2 * offset + 1);
  const bestLast = new Int32Array(2 * offset + 1);
  const isSet = new Uint8Array(2 * offset + 1);

  // Follows equal lines from oldPos on `diagonal`; sets snakeOld / snakeLast, returns the new newPos.
  let snakeOld = 0;
  let snakeLast = -1;
  const snake = (oldPos: number, last: number, diagonal: number): number => {
    let newPos = oldPos - diagonal;
    let common = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && a[oldPos + 1] === b[newPos + 1]) {
      newPos++;
      oldPos++;
      common++;
    }
    snakeOld = oldPos;
    snakeLast = common > 0 ? tree.node(last, COMMON, common) : last;
    return newPos;
  };

  let newPos = snake(-1, -1, 0);
  isSet[offset] = 1;
  bestOld[offset] = snakeOld;
  bestLast[offset] = snakeLast;
  if (snakeOld + 1 >= oldLen && newPos + 1 >= newLen) return runs(snakeLast);
  // Integers (no diagonal is that far out): ±Infinity would make every index a double.
  let minDiagonal = -(oldLen + newLen + 1);
  let maxDiagonal = oldLen + newLen + 1;
  for (let edits = 1; edits <= oldLen + newLen; edits++) {
    for (let diagonal = Math.max(minDiagonal, -edits); diagonal <= Math.min(maxDiagonal, edits); diagonal += 2) {
      const removeSlot = offset + diagonal - 1;
      const addSlot = offset + diagonal + 1;
      const hasRemove = isSet[removeSlot] === 1;
      const hasAdd = isSet[addSlot] === 1;
      // jsdiff clears the slot it may branch from by removal: nothing reads it again.
      if (hasRemove) isSet[removeSlot] = 0;
      let canAdd = false;
      if (hasAdd) {
        const addNewPos = bestOld[addSlot] - diagonal;
        canAdd = addNewPos >= 0 && addNewPos < newLen;
      }
      const canRemove = hasRemove && bestOld[removeSlot] + 1 < oldLen;
      if (!canAdd && !canRemove) {
        isSet[offset + diagonal] = 0;
        continue;
      }
      // The branch whose position in the old lines is the farthest; removal on a tie.
      if (!canRemove || (canAdd && bestOld[removeSlot] < bestOld[addSlot])) {
        newPos = snake(bestOld[addSlot], tree.step(bestLast[addSlot], ADDED), diagonal);
      } else {
        newPos = snake(bestOld[removeSlot] + 1, tree.step(bestLast[removeSlot], REMOVED), diagonal);
      }
      if (snakeOld + 1 >= oldLen && newPos + 1 >= newLen) return runs(snakeLast);
      if (tree.size > budget) return undefined;
      isSet[offset + diagonal] = 1;
      bestOld[offset + diagonal] = snakeOld;
      bestLast[offset + diagonal] = snakeLast;
      if (snakeOld + 1 >= oldLen) maxDiagonal = Math.min(maxDiagonal, diagonal - 1);
      if (newPos + 1 >= newLen) minDiagonal = Math.max(minDiagonal, diagonal + 1);
    }
  }
  return undefined;
}

/** A hunk as jsdiff's structuredPatch gives it (lines prefixed, line endings already removed). */
export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/**
 * The hunks from `oldText` to `newText` with `context` lines around each change, as structuredPatch
 * makes them (by structuredPatch itself when the search outgrows `budget` nodes).
 */
export function lineHunks(oldText: string, newText: string, context: number, budget = NODE_BUDGET): Hunk[] {
  const runs = lineRuns(splitLineTokens(oldText), splitLineTokens(newText), budget);
  if (!runs) return structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context }).hunks;
  // structuredPatch's walk over the runs, with an empty run after the last one.
  runs.push({ kind: 'common', lines: [] });
  const hunks: Hunk[] = [];
  let oldRangeStart = 0;
  let newRangeStart = 0;
  let range: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  runs.forEach((run, i) => {
    if (run.kind !== 'common') {
      if (!oldRangeStart) {
        oldRangeStart = oldLine;
        newRangeStart = newLine;
        if (i > 0) {
          range = context > 0 ? runs[i - 1].lines.slice(-context).map((line) => ` ${line}`) : [];
          oldRangeStart -= range.length;
          newRangeStart -= range.length;
        }
      }
      const sign = run.kind === 'added' ? '+' : '-';
      for (const line of run.lines) range.push(sign + line);
      if (run.kind === 'added') newLine += run.lines.length;
      else oldLine += run.lines.length;
      return;
    }
    if (oldRangeStart) {
      if (run.lines.length <= context * 2 && i < runs.length - 2) {
        // Close enough to the next change: one hunk.
        for (const line of run.lines) range.push(` ${line}`);
      } else {
        const contextSize = Math.min(run.lines.length, context);
        for (const line of run.lines.slice(0, contextSize)) range.push(` ${line}`);
        hunks.push({ oldStart: oldRangeStart, oldLines: oldLine - oldRangeStart + contextSize, newStart: newRangeStart, newLines: newLine - newRangeStart + contextSize, lines: range });
        oldRangeStart = 0;
        newRangeStart = 0;
        range = [];
      }
    }
    oldLine += run.lines.length;
    newLine += run.lines.length;
  });
  // Line endings off; a last line without one is followed by git's note.
  for (const hunk of hunks) {
    hunk.lines = hunk.lines.flatMap((line) => (line.endsWith('\n') ? [line.slice(0, -1)] : [line, '\\ No newline at end of file']));
  }
  return hunks;
}
