// Rewrites the "## Rules" section of docs/rules.md from the rule catalogue (src/rules.ts), so the
// two cannot drift (test/rules.test.ts fails when they do). Run after `npm run build`:
// `node scripts/update-rules-doc.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { rulesMarkdown } from '../dist/src/rules.js';

const doc = new URL('../docs/rules.md', import.meta.url);
const text = readFileSync(doc, 'utf8');
const heading = '## Rules\n';
const start = text.indexOf(heading);
if (start === -1) throw new Error('docs/rules.md has no "## Rules" section');
const next = text.indexOf('\n## ', start + heading.length);
const intro = '\nEvery finding carries one of these rule ids.\n\n';
const section = heading + intro + rulesMarkdown().trimEnd() + '\n';
writeFileSync(doc, text.slice(0, start) + section + (next === -1 ? '' : text.slice(next)));
