// The terminal summary: one line per finding (grouped by file, in report order), the files that
// could not be processed, per-package counts in a monorepo, and one closing sentence that says
// what happened. Colour is ANSI and only when asked for; the text is the same either way.
import type { Finding, Severity } from '../types.js';
import type { Report } from './json.js';

export type RunMode = 'write' | 'dry-run' | 'check';

export interface SummaryOptions {
  verbose: boolean;
  color: boolean;
  mode: RunMode;
}

type Style = 'bold' | 'dim' | 'red' | 'yellow' | 'cyan' | 'green';

const ANSI: Record<Style, [string, string]> = {
  bold: ['\u001b[1m', '\u001b[22m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  cyan: ['\u001b[36m', '\u001b[39m'],
  green: ['\u001b[32m', '\u001b[39m'],
};

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };
const SEVERITY_WIDTH = Math.max(...(['error', 'warning', 'info'] as const).map((s) => s.length));

export function renderSummary(report: Report, options: SummaryOptions): string {
  const paint = (style: Style, text: string): string =>
    options.color && text !== '' ? ANSI[style][0] + text + ANSI[style][1] : text;
  const lines: string[] = [];

  if (options.verbose) {
    const changed = report.files.filter((file) => file.changed);
    if (changed.length > 0) {
      const verb = options.mode === 'write' ? 'changed' : 'would change';
      for (const file of changed) {
        const transforms = file.transforms.length > 0 ? `  ${paint('dim', file.transforms.join(', '))}` : '';
        lines.push(`${paint('green', verb)}  ${oneLine(file.path)}${transforms}`);
      }
      lines.push('');
    }
  }

  if (report.findings.length > 0) {
    let previousPath: string | undefined;
    for (const finding of report.findings) {
      if (previousPath !== undefined && finding.path !== previousPath) lines.push('');
      previousPath = finding.path;
      lines.push(findingLine(finding, paint));
      if (options.verbose && finding.suggestion !== undefined && finding.suggestion.trim() !== '') {
        lines.push(`    ${paint('dim', '→')} ${oneLine(finding.suggestion)}`);
      }
    }
    lines.push('');
  }

  if (report.errors.length > 0) {
    lines.push(paint('red', paint('bold', `${report.errors.length === 1 ? 'Error' : 'Errors'} (left untouched):`)));
    for (const error of report.errors) lines.push(`  ${paint('bold', oneLine(error.path))}: ${oneLine(error.message)}`);
    lines.push('');
  }

  if (report.packages.length > 1) {
    const width = Math.max(...report.packages.map((pkg) => pkg.path.length));
    for (const pkg of report.packages) {
      const name = pkg.name !== '' && pkg.name !== pkg.path ? `  ${paint('dim', `(${pkg.name})`)}` : '';
      const counts = `${plural(pkg.filesChanged, 'file')} ${changedVerb(options.mode)}, ${plural(pkg.findings, 'finding')}`;
      lines.push(`  ${pkg.path.padEnd(width)}  ${counts}${name}`);
    }
    lines.push('');
  }

  lines.push(paint('bold', summaryLine(report, options.mode)));
  return lines.join('\n') + '\n';
}

function findingLine(finding: Finding, paint: (style: Style, text: string) => string): string {
  const where = `${oneLine(finding.path)}:${finding.line}:${finding.column}`;
  const severity = paint(SEVERITY_STYLE[finding.severity], finding.severity.padEnd(SEVERITY_WIDTH));
  return `${paint('bold', where)}  ${severity}  ${paint('dim', finding.rule)}  ${oneLine(finding.message)}`;
}

/**
 * The closing sentence, e.g. `Migrated 3 handlers (5 sites) in 2 of 14 files; 1 finding needs
 * review; 1 file could not be processed.` Dry runs and checks say what *would* happen.
 */
export function summaryLine(report: Report, mode: RunMode): string {
  const { summary } = report;
  const wouldBe = mode !== 'write';
  const ofFiles = `${summary.filesChanged} of ${plural(summary.filesScanned, 'file')}`;
  const parts: string[] = [];

  if (summary.filesChanged === 0) {
    parts.push(
      summary.filesScanned === 0
        ? 'No files to migrate'
        : `Nothing to migrate in ${plural(summary.filesScanned, 'file')}`,
    );
  } else if (summary.handlersMigrated > 0) {
    const what = `${plural(summary.handlersMigrated, 'handler')} (${plural(summary.sitesMigrated, 'site')})`;
    parts.push(`${wouldBe ? 'Would migrate' : 'Migrated'} ${what} in ${ofFiles}`);
  } else if (summary.sitesMigrated > 0) {
    parts.push(`${wouldBe ? 'Would migrate' : 'Migrated'} ${plural(summary.sitesMigrated, 'site')} in ${ofFiles}`);
  } else {
    parts.push(`${wouldBe ? 'Would update' : 'Updated'} ${ofFiles}`);
  }

  const review = report.findings.filter((finding) => finding.severity !== 'info').length;
  const notes = report.findings.length - review;
  if (review > 0) parts.push(`${plural(review, 'finding')} ${review === 1 ? 'needs' : 'need'} review`);
  if (notes > 0) parts.push(plural(notes, 'note'));

  const failed = new Set(report.errors.map((error) => error.path)).size;
  if (failed > 0) parts.push(`${plural(failed, 'file')} could not be processed`);

  return `${parts.join('; ')}.`;
}

/**
 * Said once: the changed packages the typecheck gate could not check (their dependencies are not
 * installed), so their output is not typechecked; undefined when every one was checked or the gate was off.
 */
export function notTypecheckedLine(report: Report): string | undefined {
  const unchecked = report.typecheck?.unchecked ?? [];
  if (unchecked.length === 0) return undefined;
  const names = unchecked.map((p) => p.path);
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `output not typechecked: install dependencies for a checked run (${shown})`;
}

function changedVerb(mode: RunMode): string {
  return mode === 'write' ? 'changed' : 'would change';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Text from the user's code on one line, with control characters (ANSI escapes) made harmless. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\uFFFD');
}
