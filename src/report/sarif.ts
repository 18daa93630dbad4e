// The SARIF 2.1.0 rendering of a report, for GitHub code scanning and other SARIF viewers. The
// driver lists every rule of the catalogue (plus `processing-error` for files that could not be
// processed), so each result's ruleIndex points at its rule.
import type { Severity } from '../types.js';
import { RULES, type RuleInfo } from '../rules.js';
import { notTypecheckedLine } from './human.js';
import type { Report } from './json.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const INFORMATION_URI = 'https://www.npmjs.com/package/mcp-mrtr-migrate';

/** A file the tool could not parse or transform; exists only in SARIF (the JSON has `errors`). */
/** A rule as SARIF describes it: the catalogue's, or this file's own `processing-error`. */
type DescribedRule = Omit<RuleInfo, 'id'> & { id: string };

export const PROCESSING_ERROR_RULE: DescribedRule = {
  id: 'processing-error',
  severity: 'error',
  title: 'File could not be processed',
  help:
    'The file could not be parsed or one of the transforms failed on it, so it was left untouched. ' +
    'Fix the reported problem (often a syntax error) and run the migration again, or migrate the file by hand.',
};

export type SarifLevel = 'error' | 'warning' | 'note';

export interface SarifMessage {
  text: string;
  markdown?: string;
}

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region: { startLine: number; startColumn?: number };
    };
  }[];
}

/** A run-level note (output the typecheck gate could not check) belongs to no file: an invocation's notification. */
export interface SarifInvocation {
  executionSuccessful: boolean;
  toolExecutionNotifications: { descriptor: { id: string }; level: SarifLevel; message: SarifMessage }[];
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: SarifRule[] } };
    columnKind: 'utf16CodeUnits';
    results: SarifResult[];
    invocations?: SarifInvocation[];
  }[];
}

export function sarifLevel(severity: Severity): SarifLevel {
  return severity === 'info' ? 'note' : severity;
}

export function renderSarif(report: Report): SarifLog {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const addRule = (rule: DescribedRule): number => {
    const known = index.get(rule.id);
    if (known !== undefined) return known;
    index.set(rule.id, rules.length);
    rules.push(toSarifRule(rule));
    return rules.length - 1;
  };
  for (const rule of RULES) addRule(rule);
  addRule(PROCESSING_ERROR_RULE);

  const results: SarifResult[] = [];
  for (const finding of report.findings) {
    // A rule missing from the catalogue still gets a descriptor, so ruleIndex is always valid.
    const ruleIndex =
      index.get(finding.rule) ??
      addRule({ id: finding.rule, severity: finding.severity, title: finding.rule, help: finding.message });
    const suggestion = finding.suggestion?.trim() ? `\nSuggestion: ${finding.suggestion.trim()}` : '';
    results.push({
      ruleId: finding.rule,
      ruleIndex,
      level: sarifLevel(finding.severity),
      message: { text: finding.message + suggestion },
      locations: [location(finding.path, finding.line, finding.column)],
    });
  }
  const errorIndex = index.get(PROCESSING_ERROR_RULE.id)!;
  for (const error of report.errors) {
    results.push({
      ruleId: PROCESSING_ERROR_RULE.id,
      ruleIndex: errorIndex,
      level: 'error',
      message: { text: error.message },
      // GitHub code scanning needs a region; the error concerns the whole file.
      locations: [location(error.path, 1)],
    });
  }

  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
        ...invocations(report),
      },
    ],
  };
}

/** The not-typechecked line as the invocation's warning; nothing when there is none. */
function invocations(report: Report): { invocations?: SarifInvocation[] } {
  const unchecked = notTypecheckedLine(report);
  if (!unchecked) return {};
  const notification = { descriptor: { id: 'output-not-typechecked' }, level: 'warning' as const, message: { text: unchecked } };
  return { invocations: [{ executionSuccessful: true, toolExecutionNotifications: [notification] }] };
}

/** The SARIF file's exact text. */
export function serializeSarif(report: Report): string {
  return JSON.stringify(renderSarif(report), null, 2) + '\n';
}

function location(path: string, line: number, column?: number): SarifResult['locations'][number] {
  const region: { startLine: number; startColumn?: number } = { startLine: line };
  if (column !== undefined) region.startColumn = column;
  return { physicalLocation: { artifactLocation: { uri: encodeUri(path), uriBaseId: '%SRCROOT%' }, region } };
}

/** A relative path as a URI reference: `/` kept, anything URI-unsafe percent-encoded. */
function encodeUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function toSarifRule(rule: DescribedRule): SarifRule {
  const text = plainText(rule.help);
  return {
    id: rule.id,
    name: pascalCase(rule.id),
    shortDescription: { text: plainText(rule.title) },
    fullDescription: { text },
    help: { text, markdown: `**${rule.title}**\n\n${rule.help}` },
    defaultConfiguration: { level: sarifLevel(rule.severity) },
  };
}

/** Markdown help as plain text: code spans lose their backticks. */
function plainText(markdown: string): string {
  return markdown.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _fence: string, code: string) => code);
}

function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
