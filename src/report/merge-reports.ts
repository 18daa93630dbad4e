// Merging the JSON reports of CI shards (`merge-reports`) into the report the whole run would have
// written: the union of disjoint runs, in report order.
import { readFile } from 'node:fs/promises';
import type { FileError } from '../types.js';
import { compareFindings, compareText, normalizeTypecheck, validateReport, type Report, type ReportPackage, type ReportTypecheck } from './json.js';

export class ReportMergeError extends Error {}

/** Parses and validates one JSON report; `source` names it in error messages. */
export function parseReport(text: string, source: string): Report {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReportMergeError(`${source}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const problems = validateReport(value);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).map((p) => `  ${p}`).join('\n');
    const more = problems.length > 5 ? `\n  … and ${problems.length - 5} more` : '';
    throw new ReportMergeError(`${source}: not an mcp-mrtr-migrate JSON report:\n${shown}${more}`);
  }
  return value as Report;
}

export async function readReportFile(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ReportMergeError(`${file}: cannot read (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseReport(text, file);
}

/**
 * The report of the union of disjoint runs (the shards of one `--shard i/n` matrix): counts added,
 * lists joined and put in report order, errors every shard saw (a missing path given on the
 * command line) listed once. `durationMs` is the longest shard's (shards run side by side).
 * Throws ReportMergeError when the reports come from different tool versions or overlap (the same
 * file in two of them: a report given twice, or shards of different matrices).
 */
export function mergeReports(reports: readonly Report[]): Report {
  if (reports.length === 0) throw new ReportMergeError('no reports to merge');
  const version = reports[0].tool.version;
  const otherVersion = reports.find((r) => r.tool.version !== version);
  if (otherVersion) {
    throw new ReportMergeError(
      `the reports come from different versions of ${reports[0].tool.name} (${version} and ${otherVersion.tool.version}); run every shard with the same version`,
    );
  }

  const fileOwner = new Map<string, number>();
  reports.forEach((report, index) => {
    for (const file of report.files) {
      const owner = fileOwner.get(file.path);
      if (owner !== undefined && owner !== index) {
        throw new ReportMergeError(
          `reports ${owner + 1} and ${index + 1} both cover ${file.path}: merge the reports of one shard matrix, each once`,
        );
      }
      fileOwner.set(file.path, index);
    }
  });

  const packages = new Map<string, ReportPackage>();
  for (const report of reports) {
    for (const pkg of report.packages) {
      const merged = packages.get(pkg.path) ?? { name: pkg.name, path: pkg.path, filesChanged: 0, findings: 0 };
      merged.filesChanged += pkg.filesChanged;
      merged.findings += pkg.findings;
      packages.set(pkg.path, merged);
    }
  }

  const errorKeys = new Set<string>();
  const errors: FileError[] = [];
  for (const report of reports) {
    for (const error of report.errors) {
      const key = `${error.path}\0${error.message}`;
      if (errorKeys.has(key)) continue;
      errorKeys.add(key);
      errors.push({ path: error.path, message: error.message });
    }
  }
  errors.sort((a, b) => compareText(a.path, b.path) || compareText(a.message, b.message));

  const files = reports.flatMap((r) => r.files).sort((a, b) => compareText(a.path, b.path));
  const findings = reports.flatMap((r) => r.findings).sort(compareFindings);
  const sum = (pick: (r: Report) => number) => reports.reduce((total, r) => total + pick(r), 0);

  return {
    version: 1,
    tool: { name: reports[0].tool.name, version },
    summary: {
      filesScanned: sum((r) => r.summary.filesScanned),
      filesChanged: sum((r) => r.summary.filesChanged),
      handlersMigrated: sum((r) => r.summary.handlersMigrated),
      sitesMigrated: sum((r) => r.summary.sitesMigrated),
      findings: findings.length,
      errors: errors.length,
      durationMs: Math.max(...reports.map((r) => r.summary.durationMs)),
    },
    packages: sortPackages([...packages.values()]),
    files,
    findings,
    errors,
    ...mergeTypecheck(reports),
  };
}

/** The gate's figures of every shard that ran it: packages joined (each once), files put back added. */
function mergeTypecheck(reports: readonly Report[]): { typecheck?: ReportTypecheck } {
  const gated = reports.flatMap((r) => (r.typecheck ? [r.typecheck] : []));
  if (gated.length === 0) return {};
  const unchecked = new Map(gated.flatMap((t) => t.unchecked.map((u) => [`${u.path}\0${u.why}`, u] as const)));
  return {
    typecheck: normalizeTypecheck({
      checked: [...new Set(gated.flatMap((t) => t.checked))],
      unchecked: [...unchecked.values()],
      putBack: gated.reduce((total, t) => total + t.putBack, 0),
    }),
  };
}

function sortPackages(packages: ReportPackage[]): ReportPackage[] {
  return packages.sort((a, b) => compareText(a.path, b.path) || compareText(a.name, b.name));
}
