// Cross-file groups written through a journal: a later run finishes a group a stopped run left
// half-written, and never overwrites a file that changed otherwise since.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishJournals, isJournalName, writeJournal } from '../src/write/group-journal.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-journal-'));
  fs.mkdirSync(path.join(tmp, 'lib'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const file = (rel: string) => path.join(tmp, rel);
const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');

describe('group journal', () => {
  it('lets a later run finish a group: files still as they were get their new text, the journal goes', async () => {
    fs.writeFileSync(file('lib/confirm.ts'), 'module before\n');
    fs.writeFileSync(file('server.ts'), 'caller before\r\n');
    const journal = await writeJournal([
      { absPath: file('lib/confirm.ts'), original: 'module before\n', text: 'module after\n' },
      { absPath: file('server.ts'), original: 'caller before\r\n', text: 'caller after\r\n' },
    ]);
    // In the folder holding the whole group, under a name discovery recognises.
    expect(path.dirname(journal)).toBe(tmp);
    expect(isJournalName(path.basename(journal))).toBe(true);
    // The run stopped after the module.
    fs.writeFileSync(file('lib/confirm.ts'), 'module after\n');
    // Its writer is this process: a live writer's journal would be left to it.
    expect(await finishJournals([journal])).toEqual([file('server.ts')]);
    expect([read('lib/confirm.ts'), read('server.ts')]).toEqual(['module after\n', 'caller after\r\n']);
    expect(fs.readdirSync(tmp).sort()).toEqual(['lib', 'server.ts']);
  });

  it('leaves alone a file that changed since, and the journal of a run still going on', async () => {
    fs.writeFileSync(file('server.ts'), 'caller before\n');
    const journal = await writeJournal([{ absPath: file('server.ts'), original: 'caller before\n', text: 'caller after\n' }]);
    fs.writeFileSync(file('server.ts'), 'edited by hand\n');
    const live = path.join(tmp, `.mcp-mrtr-migrate-group.${process.ppid}.json`);
    fs.copyFileSync(journal, live);
    expect(await finishJournals([journal, live])).toEqual([]);
    expect(read('server.ts')).toBe('edited by hand\n');
    expect(fs.existsSync(journal)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  });
});
