#!/usr/bin/env node
// Lists the push sites the scorecard's own scanner finds in a checked-out repository, with the
// statement around each: the starting point for deciding a manifest's sites by reading the code.
//   node bench/real-world/inventory.mjs <dir> [--alias ctx.elicit ...] [--context N]
import fs from 'node:fs';
import path from 'node:path';
import { scanPushSites } from './lib/scan.mjs';

const args = process.argv.slice(2);
const dir = args[0];
if (!dir) {
  console.error('usage: node bench/real-world/inventory.mjs <dir> [--alias callee ...] [--context N]');
  process.exit(2);
}
const aliases = [];
let context = 0;
for (let i = 1; i < args.length; i++) {
  if (args[i] === '--alias') aliases.push(args[++i]);
  else if (args[i] === '--context') context = Number(args[++i]);
}
const SKIP = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next', '.turbo']);
const EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

function* files(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(d, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

for (const file of files(dir)) {
  const text = fs.readFileSync(file, 'utf8');
  if (!/elicit|createMessage|listRoots|requestSampling|sampling\/|roots\/list|ResultSchema|UrlElicitation|CompletionNotifier/.test(text) && aliases.length === 0) continue;
  const lines = text.split('\n');
  for (const site of scanPushSites(file, text, aliases)) {
    console.log(`${path.relative(dir, file)}:${site.line}\t${site.api}\tin ${site.enclosing ?? '(top level)'}`);
    for (let l = Math.max(1, site.line - context); l <= Math.min(lines.length, site.line + context); l++) {
      console.log(`    ${String(l).padStart(5)}  ${lines[l - 1]}`);
    }
  }
}
