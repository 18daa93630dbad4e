// The JSON report (`version: 1`): the one machine-readable record of a run. The Markdown, SARIF and
// human renderings are all derived from it. Field names are a public contract (CI scripts read
// them); `validateReport` checks the documented shape so tests can hold the writers to it.
import type { FileError, FileOutcome, Finding, Severity } from '../types.js';

export const REPORT_VERSION = 1;
export const TOOL_NAME = 'mcp-mrtr-migrate';

export interface ReportSummary {
  filesScanned: number;
  filesChanged: number;
  handlersMigrated: number;
  sitesMigrated: number;
  findings: number;
  errors: number;
  durationMs: number;
}

export interface ReportPackage {
  name: string;
  path: string;
  filesChanged: number;
  findings: number;
}

export interface ReportFile {
  path: string;
  changed: boolean;
  transforms: string[];
  sitesMigrated: number;
}

/** What the typecheck gate did; absent when it was turned off (`--no-typecheck`). */
export interface ReportTypecheck {
  /** Packages whose changed files were typechecked before and after the run. */
  checked: string[];
  /** Packages with changes the gate could not check, and why: their output is not typechecked. */
  unchecked: { path: string; why: string }[];
  /** Files put back as they were because the run's edits made them typecheck worse. */
  putBack: number;
}

export interface Report {
  version: 1;
  tool: { name: 'mcp-mrtr-migrate'; version: string };
  summary: ReportSummary;
  packages: ReportPackage[];
  files: ReportFile[];
  findings: Finding[];
  errors: FileError[];
  typecheck?: ReportTypecheck;
}

export interface BuildReportInput {
  toolVersion: string;
  filesScanned: number;
  outcomes: FileOutcome[];
  errors: FileError[];
  durationMs: number;
  /** The typecheck gate's figures; undefined when it was turned off. */
  typecheck?: ReportTypecheck;
}

/** Code-unit order: the same on every machine and locale (unlike `localeCompare`). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.path, b.path) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.rule, b.rule) ||
    compareText(a.message, b.message) ||
    compareText(a.suggestion ?? '', b.suggestion ?? '')
  );
}

function isChanged(outcome: FileOutcome): boolean {
  return outcome.error === undefined && outcome.output !== undefined && outcome.output !== outcome.original;
}

/** A fresh object with a fixed key order, so serialization does not depend on how it was built. */
function normalizeFinding(finding: Finding): Finding {
  const out: Finding = {
    rule: finding.rule,
    severity: finding.severity,
    path: finding.path,
    line: finding.line,
    column: finding.column,
    message: finding.message,
  };
  if (finding.suggestion !== undefined) out.suggestion = finding.suggestion;
  return out;
}

export function buildReport(input: BuildReportInput): Report {
  const outcomes = [...input.outcomes].sort((a, b) => compareText(a.path, b.path));

  // Errors: the ones passed in, plus any outcome that carries its own, each listed once.
  const errorKeys = new Set<string>();
  const errors: FileError[] = [];
  const addError = (error: FileError): void => {
    const key = `${error.path}\0${error.message}`;
    if (errorKeys.has(key)) return;
    errorKeys.add(key);
    errors.push({ path: error.path, message: error.message });
  };
  for (const error of input.errors) addError(error);
  for (const outcome of outcomes) if (outcome.error !== undefined) addError({ path: outcome.path, message: outcome.error });
  errors.sort((a, b) => compareText(a.path, b.path) || compareText(a.message, b.message));

  const findings = outcomes.flatMap((outcome) => outcome.findings.map(normalizeFinding)).sort(compareFindings);

  const files: ReportFile[] = [];
  const packages = new Map<string, ReportPackage>();
  let filesChanged = 0;
  let handlersMigrated = 0;
  let sitesMigrated = 0;
  for (const outcome of outcomes) {
    const changed = isChanged(outcome);
    const pkg = packages.get(outcome.packagePath) ?? {
      name: outcome.packageName,
      path: outcome.packagePath,
      filesChanged: 0,
      findings: 0,
    };
    packages.set(outcome.packagePath, pkg);
    pkg.findings += outcome.findings.length;
    if (changed) {
      pkg.filesChanged += 1;
      filesChanged += 1;
      handlersMigrated += outcome.handlersMigrated;
      sitesMigrated += outcome.sitesMigrated;
    }
    if (changed || outcome.findings.length > 0) {
      files.push({
        path: outcome.path,
        changed,
        transforms: changed ? [...new Set(outcome.transforms)] : [],
        sitesMigrated: changed ? outcome.sitesMigrated : 0,
      });
    }
  }

  return {
    version: REPORT_VERSION,
    tool: { name: TOOL_NAME, version: input.toolVersion },
    summary: {
      filesScanned: input.filesScanned,
      filesChanged,
      handlersMigrated,
      sitesMigrated,
      findings: findings.length,
      errors: errors.length,
      durationMs: input.durationMs,
    },
    packages: [...packages.values()].sort((a, b) => compareText(a.path, b.path) || compareText(a.name, b.name)),
    files,
    findings,
    errors,
    ...(input.typecheck && { typecheck: normalizeTypecheck(input.typecheck) }),
  };
}

/** The gate's figures in report order, with a fixed key order (no timing: the summary has the run's). */
export function normalizeTypecheck(typecheck: ReportTypecheck): ReportTypecheck {
  return {
    checked: [...typecheck.checked].sort(compareText),
    unchecked: typecheck.unchecked
      .map(({ path, why }) => ({ path, why }))
      .sort((a, b) => compareText(a.path, b.path) || compareText(a.why, b.why)),
    putBack: typecheck.putBack,
  };
}

/** The report file's exact text: two-space JSON plus a final newline. */
export function serializeReport(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------
// Validation

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

type Check = (value: unknown, where: string, problems: string[]) => void;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

const str: Check = (value, where, problems) => {
  if (typeof value !== 'string') problems.push(`${where}: expected a string, got ${describe(value)}`);
};

const nonEmptyStr: Check = (value, where, problems) => {
  if (typeof value !== 'string') problems.push(`${where}: expected a string, got ${describe(value)}`);
  else if (value.length === 0) problems.push(`${where}: expected a non-empty string`);
};

const bool: Check = (value, where, problems) => {
  if (typeof value !== 'boolean') problems.push(`${where}: expected a boolean, got ${describe(value)}`);
};

function integer(min: number): Check {
  return (value, where, problems) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      problems.push(`${where}: expected an integer >= ${min}, got ${typeof value === 'number' ? String(value) : describe(value)}`);
    }
  };
}

const count = integer(0);
const position = integer(1);

const nonNegativeNumber: Check = (value, where, problems) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    problems.push(`${where}: expected a finite number >= 0, got ${typeof value === 'number' ? String(value) : describe(value)}`);
  }
};

function literal(expected: string | number): Check {
  return (value, where, problems) => {
    if (value !== expected) problems.push(`${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(value) ?? describe(value)}`);
  };
}

function oneOf(allowed: readonly string[]): Check {
  return (value, where, problems) => {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      problems.push(`${where}: expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${JSON.stringify(value) ?? describe(value)}`);
    }
  };
}

function arrayOf(item: Check): Check {
  return (value, where, problems) => {
    if (!Array.isArray(value)) {
      problems.push(`${where}: expected an array, got ${describe(value)}`);
      return;
    }
    value.forEach((element, index) => item(element, `${where}[${index}]`, problems));
  };
}

/** An object with exactly these keys (optional ones marked); unknown keys are problems too. */
function object(fields: Record<string, Check>, optional: Record<string, Check> = {}): Check {
  return (value, where, problems) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push(`${where}: expected an object, got ${describe(value)}`);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(fields)) {
      if (!Object.hasOwn(record, key)) problems.push(`${where}.${key}: missing`);
      else check(record[key], `${where}.${key}`, problems);
    }
    for (const [key, check] of Object.entries(optional)) {
      if (Object.hasOwn(record, key) && record[key] !== undefined) check(record[key], `${where}.${key}`, problems);
    }
    for (const key of Object.keys(record)) {
      if (!Object.hasOwn(fields, key) && !Object.hasOwn(optional, key)) problems.push(`${where}.${key}: unknown field`);
    }
  };
}

const findingCheck = object(
  {
    rule: nonEmptyStr,
    severity: oneOf(SEVERITIES),
    path: nonEmptyStr,
    line: position,
    column: position,
    message: str,
  },
  { suggestion: str },
);

const typecheckCheck = object({
  checked: arrayOf(nonEmptyStr),
  unchecked: arrayOf(object({ path: nonEmptyStr, why: str })),
  putBack: count,
});

const reportCheck = object(
  {
    version: literal(REPORT_VERSION),
    tool: object({ name: literal(TOOL_NAME), version: str }),
    summary: object({
      filesScanned: count,
      filesChanged: count,
      handlersMigrated: count,
      sitesMigrated: count,
      findings: count,
      errors: count,
      durationMs: nonNegativeNumber,
    }),
    packages: arrayOf(object({ name: str, path: nonEmptyStr, filesChanged: count, findings: count })),
    files: arrayOf(object({ path: nonEmptyStr, changed: bool, transforms: arrayOf(nonEmptyStr), sitesMigrated: count })),
    findings: arrayOf(findingCheck),
    errors: arrayOf(object({ path: nonEmptyStr, message: str })),
  },
  { typecheck: typecheckCheck },
);

/**
 * Every way `value` departs from the documented report shape, as `$.path: problem` lines; empty
 * when it is a valid version-1 report. Also checks that the summary's counts agree with the lists.
 */
export function validateReport(value: unknown): string[] {
  const problems: string[] = [];
  reportCheck(value, '$', problems);
  if (problems.length > 0) return problems;

  const report = value as Report;
  const { summary } = report;
  if (summary.findings !== report.findings.length) {
    problems.push(`$.summary.findings: ${summary.findings} does not match the ${report.findings.length} entries of $.findings`);
  }
  if (summary.errors !== report.errors.length) {
    problems.push(`$.summary.errors: ${summary.errors} does not match the ${report.errors.length} entries of $.errors`);
  }
  const changedFiles = report.files.filter((file) => file.changed).length;
  if (summary.filesChanged !== changedFiles) {
    problems.push(`$.summary.filesChanged: ${summary.filesChanged} does not match the ${changedFiles} changed entries of $.files`);
  }
  const fileSites = report.files.reduce((sum, file) => sum + file.sitesMigrated, 0);
  if (summary.sitesMigrated !== fileSites) {
    problems.push(`$.summary.sitesMigrated: ${summary.sitesMigrated} does not match the sum over $.files (${fileSites})`);
  }
  const packageChanged = report.packages.reduce((sum, pkg) => sum + pkg.filesChanged, 0);
  const packageFindings = report.packages.reduce((sum, pkg) => sum + pkg.findings, 0);
  if (packageChanged !== summary.filesChanged) {
    problems.push(`$.packages: filesChanged adds up to ${packageChanged}, not $.summary.filesChanged (${summary.filesChanged})`);
  }
  if (packageFindings !== summary.findings) {
    problems.push(`$.packages: findings add up to ${packageFindings}, not $.summary.findings (${summary.findings})`);
  }
  if (summary.filesChanged > summary.filesScanned) {
    problems.push(`$.summary.filesChanged: ${summary.filesChanged} is more than filesScanned (${summary.filesScanned})`);
  }
  return problems;
}
