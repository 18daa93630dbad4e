// The Markdown rendering of a report: a pull-request comment. Counts first, then what needs a
// person (findings grouped by rule, each rule linked to docs/rules.md), errors, and the diff
// folded away. Everything from the user's code is escaped so a message can never break the layout.
import type { Finding } from '../types.js';
import { ruleInfo, ruleOrder, SEVERITY_ORDER } from '../rules.js';
import { notTypecheckedLine, summaryLine, type RunMode } from './human.js';
import { compareText, type Report } from './json.js';

export interface MarkdownOptions {
  /** Unified diff of the run, shown folded when shorter than `maxDiffChars`. */
  diff?: string;
  /** Default 60,000: GitHub comments are limited to 65,536 characters. */
  maxDiffChars?: number;
  /** Where the rule documentation lives; each rule links to `<helpUrl>#<rule-id>`. Default `docs/rules.md`. */
  helpUrl?: string;
  /** How the run was made; a dry run or check says what *would* change. Default `write`. */
  mode?: RunMode;
}

export const DEFAULT_MAX_DIFF_CHARS = 60_000;

const SEVERITY_ICON = { error: '❌', warning: '⚠️', info: 'ℹ️' } as const;

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const out: string[] = [];
  out.push('## MCP MRTR migration report', '');
  out.push(`**${inline(summaryLine(report, options.mode ?? 'write'))}**`, '');
  const unchecked = notTypecheckedLine(report);
  if (unchecked) out.push(`⚠️ ${inline(unchecked)}`, '');
  countsSection(out, report);
  if (report.packages.length > 1) packagesSection(out, report);
  changedFilesSection(out, report);
  if (report.findings.length > 0) findingsSection(out, report, options.helpUrl ?? 'docs/rules.md');
  if (report.errors.length > 0) {
    out.push('### Errors', '', 'These files could not be processed and were left untouched:', '');
    for (const error of report.errors) out.push(`- ${codeSpan(error.path)}: ${inline(error.message)}`);
    out.push('');
  }
  if (options.diff !== undefined && options.diff.length > 0) diffSection(out, options.diff, options.maxDiffChars ?? DEFAULT_MAX_DIFF_CHARS);
  out.push(`<sub>${inline(report.tool.name)} ${inline(report.tool.version)}</sub>`, '');
  return out.join('\n');
}

function countsSection(out: string[], report: Report): void {
  const { summary } = report;
  out.push('| | Count |', '|---|---:|');
  out.push(`| Files scanned | ${summary.filesScanned} |`);
  out.push(`| Files changed | ${summary.filesChanged} |`);
  out.push(`| Handlers migrated | ${summary.handlersMigrated} |`);
  out.push(`| Sites migrated | ${summary.sitesMigrated} |`);
  out.push(`| Findings | ${summary.findings}${severityBreakdown(report.findings)} |`);
  out.push(`| Errors | ${summary.errors} |`);
  if (report.typecheck) {
    out.push(`| Packages typechecked before and after | ${report.typecheck.checked.length} |`);
    out.push(`| Files put back (typecheck worse) | ${report.typecheck.putBack} |`);
  }
  out.push('');
}

function packagesSection(out: string[], report: Report): void {
  out.push('### Packages', '');
  out.push('| Package | Path | Files changed | Findings |', '|---|---|---:|---:|');
  for (const pkg of report.packages) {
    out.push(`| ${tableCode(pkg.name)} | ${tableCode(pkg.path)} | ${pkg.filesChanged} | ${pkg.findings} |`);
  }
  out.push('');
}

/** The changed files, folded; nothing when none changed. */
function changedFilesSection(out: string[], report: Report): void {
  const changed = report.files.filter((file) => file.changed);
  if (changed.length === 0) return;
  out.push(`<details><summary>Changed files (${changed.length})</summary>`, '');
  for (const file of changed) {
    const transforms = file.transforms.length > 0 ? ` (${file.transforms.map(codeSpan).join(', ')})` : '';
    const sites = file.sitesMigrated > 0 ? `: ${plural(file.sitesMigrated, 'site')} migrated` : '';
    out.push(`- ${codeSpan(file.path)}${transforms}${sites}`);
  }
  out.push('', '</details>', '');
}

/** The findings grouped by rule, each rule linked to `<helpUrl>#<rule-id>`. */
function findingsSection(out: string[], report: Report, helpUrl: string): void {
  out.push('### Findings', '');
  for (const [rule, findings] of groupByRule(report.findings)) {
    const info = ruleInfo(rule);
    const severity = info?.severity ?? findings[0].severity;
    const title = info ? inline(info.title) : codeSpan(rule);
    const idPart = info ? ` · ${codeSpan(rule)}` : '';
    out.push(`#### ${SEVERITY_ICON[severity]} ${title}${idPart} (${findings.length})`, '');
    if (info) out.push(`${capitalize(severity)} · [What to do](${linkTarget(`${helpUrl}#${rule}`)})`, '');
    for (const finding of findings) {
      out.push(`- ${codeSpan(`${finding.path}:${finding.line}`)} — ${inline(finding.message)}`);
      if (finding.suggestion !== undefined && finding.suggestion.trim() !== '') {
        out.push(`  <br>**Suggestion:** ${inline(finding.suggestion)}`);
      }
    }
    out.push('');
  }
}

/** The diff, folded, or a note when it is `maxDiffChars` long or longer. */
function diffSection(out: string[], diff: string, maxDiffChars: number): void {
  if (diff.length < maxDiffChars) {
    const fence = fenceFor(diff);
    out.push('<details><summary>Diff</summary>', '');
    out.push(fence + 'diff', diff.replace(/\r?\n$/, ''), fence, '');
    out.push('</details>', '');
  } else {
    out.push(
      `_The diff (${diff.length.toLocaleString('en-US')} characters) is too long for this comment; ` +
        'run `mcp-mrtr-migrate --dry-run` to see it._',
      '',
    );
  }
}

function severityBreakdown(findings: readonly Finding[]): string {
  if (findings.length === 0) return '';
  const parts = SEVERITY_ORDER.map((severity) => [severity, findings.filter((f) => f.severity === severity).length] as const)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity}`);
  return ` (${parts.join(', ')})`;
}

/** Findings grouped by rule: most severe rules first, then in catalogue order; report order inside. */
function groupByRule(findings: readonly Finding[]): [string, Finding[]][] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = groups.get(finding.rule) ?? [];
    list.push(finding);
    groups.set(finding.rule, list);
  }
  const rank = (rule: string, list: Finding[]): number =>
    SEVERITY_ORDER.indexOf(ruleInfo(rule)?.severity ?? list[0].severity);
  return [...groups.entries()].sort(
    ([a, la], [b, lb]) => rank(a, la) - rank(b, lb) || ruleOrder(a) - ruleOrder(b) || compareText(a, b),
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Escaping

const PLAIN_SPECIALS = /[\\`*_[\]<>|~&#!]/g;

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

/**
 * Free text (a message, a title) as inline Markdown on one line: balanced code spans stay code
 * spans (messages quote code that way), everything else is taken literally. For a table cell pass
 * `table: true`: GitHub splits cells on `|` even inside code spans, so those are escaped too
 * (elsewhere a `\|` inside a code span would show its backslash).
 */
export function inline(text: string, options: { table?: boolean } = {}): string {
  const source = oneLine(text);
  let out = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] === '`') {
      const run = /^`+/.exec(source.slice(i))![0];
      const close = findClosingRun(source, i + run.length, run.length);
      if (close !== -1) {
        const code = source.slice(i + run.length, close);
        out += run + (options.table ? code.replace(/\|/g, '\\|') : code) + run;
        i = close + run.length;
      } else {
        out += run.replace(/`/g, '\\`');
        i += run.length;
      }
      continue;
    }
    const next = source.indexOf('`', i);
    const end = next === -1 ? source.length : next;
    out += source.slice(i, end).replace(PLAIN_SPECIALS, (ch) => `\\${ch}`);
    i = end;
  }
  return out;
}

/** Index of the next backtick run of exactly `length` at or after `from`, or -1. */
function findClosingRun(text: string, from: number, length: number): number {
  const pattern = /`+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === length) return match.index;
  }
  return -1;
}

/** Literal text as one code span, whatever backticks it contains. */
export function codeSpan(text: string): string {
  const source = oneLine(text);
  const longest = Math.max(0, ...(source.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = source.startsWith('`') || source.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${source}${pad}${fence}`;
}

/** A code span for a table cell: GitHub splits cells on `|` even inside code, so escape it. */
function tableCode(text: string): string {
  if (text.trim() === '') return '—';
  return codeSpan(text).replace(/\|/g, '\\|');
}

function linkTarget(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** A code fence longer than any backtick run in the text. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}
