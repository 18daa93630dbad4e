// The few shapes every part of the engine speaks. Keep this file small: transforms, the runner,
// the CLI and the report writers all depend on it.
import type { SourceFile } from './ts-morph.js';
import type { PushAlias } from './discover/config.js';
import type { RuleId, Severity } from './rules.js';

export type { RuleId, Severity };

/** A spot the migration could not rewrite with certainty, or a note about what it changed. */
export interface Finding {
  /** A rule of the catalogue (src/rules.ts), documented in docs/rules.md. */
  rule: RuleId;
  severity: Severity;
  /** Path relative to the current directory, with `/` separators. */
  path: string;
  /** 1-based line and column of the spot in the ORIGINAL file. */
  line: number;
  column: number;
  message: string;
  suggestion?: string;
}

/** What a transform reports before the runner knows the file's display path. */
export interface FindingInput {
  rule: RuleId;
  severity: Severity;
  /** Character offset in the text the transform analysed. */
  pos: number;
  message: string;
  suggestion?: string;
  /** Write a `// @mcp-mrtr-migrate` marker above the spot (default: true for warning/error). */
  marker?: boolean;
  /**
   * Said only of code the v1→v2 upgrade moved to v2 in this run, which would break there: the file
   * then stays on v1 with this as its reason (engine.ts). Dropped where the upgrade did not run.
   */
  breaksUpgraded?: true;
}

/** Replace `text[start, end)` with `text`. Edits of one transform never overlap. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A file a transform wants created (e.g. the generated requestState module). Never overwrites. */
export interface NewFile {
  /** Absolute path. */
  absPath: string;
  text: string;
}

export interface TransformOptions {
  /** Absolute path of the package root the file belongs to (nearest package.json), if any. */
  packageRoot?: string;
  /** Absolute path of the requestState module for this package. */
  stateModulePath?: string;
  /** Framework calls that ask the client like an SDK push method (from the configuration). */
  aliases?: readonly PushAlias[];
  /** Extra options passed through from the CLI / jscodeshift. */
  [key: string]: unknown;
}

export interface TransformContext {
  /** Absolute path of the file. */
  absPath: string;
  /** The file as it is now (after earlier transforms). */
  text: string;
  sourceFile: SourceFile;
  options: TransformOptions;
  /**
   * Where the findings of earlier transforms stand in `text` (those that get a marker): a transform
   * that moves code elsewhere must not move it away from its markers.
   */
  markedAt?: () => number[];
}

export interface TransformResult {
  edits: TextEdit[];
  findings: FindingInput[];
  /** Handlers turned into step machines (counted into the report). */
  handlersMigrated?: number;
  /** Push sites replaced by input requests. */
  sitesMigrated?: number;
  /** Where those push sites are (in the text the transform was given), and what each asks. */
  migratedSites?: { pos: number; kind: string }[];
  newFiles?: NewFile[];
  /**
   * Cross-file mode: modules (absolute paths) whose helpers this file's migration now calls
   * through their companions; each must export them, so they are changed together or not at all.
   */
  requires?: CrossFileRequirement[];
}

export interface CrossFileRequirement {
  absPath: string;
  /** Names of the helpers whose companions the module must export. */
  helpers: string[];
  /** Dispatch routes of the module (by key) that must pass the context on and let an InputRequiredResult through. */
  dispatch?: number[];
  /** Declared handler types of the module (`TypeName.member`, `@n`: with a context parameter n) that must admit InputRequiredResult. */
  memberTypes?: string[];
}

export interface Transform {
  /** kebab-case id used by `-t` and in the report. */
  id: string;
  title: string;
  description: string;
  run(ctx: TransformContext): TransformResult;
}

export interface FileError {
  path: string;
  message: string;
}

/** The outcome of processing one file; produced by the runner, consumed by CLI and report. */
export interface FileOutcome {
  /** Display path (relative to cwd, `/` separators). */
  path: string;
  absPath: string;
  /** Package the file belongs to (display path of the package root, '.' for the root). */
  packagePath: string;
  packageName: string;
  original: string;
  /** The new text, when the file changes. */
  output?: string;
  transforms: string[];
  findings: Finding[];
  handlersMigrated: number;
  sitesMigrated: number;
  newFiles: NewFile[];
  /** Cross-file mode: modules that must change together with this file. */
  requires?: CrossFileRequirement[];
  error?: string;
  /** The v1→v2 upgrade left this file on v1 (it would not compile upgraded): its package stays on v1. */
  upgradeRefused?: boolean;
  /** Its migrated questions, each as a finding saying it is not: reported when the file is put back as it was. */
  ifPutBack?: Finding[];
  /** What would break here once its package is on v2, and the file as it was with their markers: used when the package's other files move to v2. */
  ifPackageUpgraded?: { findings: Finding[]; output?: string };
  /** The hunks of the diff from `original` to `output` as the thread that ran the file computed them (valid while both are the same texts). */
  diffHunks?: { original: string; output: string; lines: string[] };
}
