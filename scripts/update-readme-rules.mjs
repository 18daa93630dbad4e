// Rewrites the README's "## Rules" section from the rule catalogue (src/rules.ts), so the two
// cannot drift. Run after `npm run build`: `node scripts/update-readme-rules.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { rulesMarkdown } from '../dist/src/rules.js';

const readme = new URL('../README.md', import.meta.url);
const text = readFileSync(readme, 'utf8');
const heading = '## Rules\n';
const start = text.indexOf(heading);
if (start === -1) throw new Error('README.md has no "## Rules" section');
const next = text.indexOf('\n## ', start + heading.length);
const intro = '\nEvery finding carries one of these rule ids.\n\n';
const section = heading + intro + rulesMarkdown().trimEnd() + '\n';
writeFileSync(readme, text.slice(0, start) + section + (next === -1 ? '' : text.slice(next)));
