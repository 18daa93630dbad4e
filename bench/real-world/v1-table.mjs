// @ts-check
// Prints the before/after table of the real v1 servers (the "v1" field of every manifest under
// bench/real-world/repos/, written by v1-drive.mjs) as Markdown: one row per server.
// Usage: node bench/real-world/v1-table.mjs > bench/real-world/v1.md (see that file's header).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'repos');
const rows = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const m = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (!m.v1) continue;
  const t = m.v1.table;
  const run = m.v1.run;
  // Driven at the pin of its "v1" field when the scorecard reads the repository at another commit or root.
  const commit = m.v1.pin?.commit ?? m.commit;
  const root = m.v1.pin?.root ?? m.root;
  const excluded = m.v1.pin ? m.v1.excluded : m.excluded;
  const repo = `[${m.repo}](https://github.com/${m.repo}/tree/${commit}) \`${commit.slice(0, 7)}\`${root !== '.' ? ` ${root}` : ''}`;
  // A server whose dependencies do not install here has no figures to compare (only the run's exit).
  if (!t || m.v1.before?.installed === false) {
    rows.push(`| ${repo} | ${run?.exit ?? '—'} | — | — | — | — | ${excluded ?? 'not driven'} |`);
    continue;
  }
  const notes = [
    run?.errors?.length ? `${run.errors.length} error finding(s): ${run.errors.map((e) => e.replace(/^(\S+) \S+: /, '$1 ')).join('; ')}` : '',
    t.conformanceNotImplemented ? `not implemented by the server: ${t.conformanceNotImplemented.join(', ')}` : '',
    t.conformanceLost ? `lost: ${Object.entries(t.conformanceLost).map(([s, why]) => (why ? `${s} (${why})` : s)).join(', ')}` : '',
    excluded ?? '',
  ].filter(Boolean);
  rows.push(`| ${repo} | ${run?.exit ?? '—'} | ${t.started} | ${t.typecheckErrors} | ${t.askingToolsMigrated} | ${t.conformanceKept} | ${notes.join('<br>')} |`);
}
console.log('| server (pinned commit, root) | exit | started (before → after) | typecheck errors | asking tools migrated | conformance kept (2025-11-25) | notes |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
