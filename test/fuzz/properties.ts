// The seven properties every migration must have, checked on one mutated file each, a batch at a time:
//
//   crash          the pipeline (every transform, as the CLI runs them) does not throw
//   parse          the output parses
//   typecheck      when the input typechecks, the output does (strict, against the real SDK types)
//   unused         when the input typechecks, the output has no unused local, parameter, property,
//                  type or import (noUnusedLocals / noUnusedParameters) the input does not have
//   idempotent     a second run changes nothing and reports nothing the first did not
//   half-migrated  no push call is left in a migrated function, and a handler the migration left
//                  with its push calls is the input's (markers and resultType aside)
//   decoys         every call on an object of the file's own that has the SDK's method names
//                  (`tool`, `prompt`, `resource`, `connect`, `elicitInput`; decoys.ts) is in the
//                  output as it was in the input
//
// The judge of "push call" and "migrated function" is the corpus test's own inventory
// (test/corpus/push-scan.ts), not the migration's analysis.
import path from 'node:path';
import ts from 'typescript';
import { transformSource, type SourceOutcome } from '../../src/engine.js';
import type { Transform } from '../../src/types.js';
import { v1ModulesOutsideRun } from '../../src/upgrade/v1/v1-dependents.js';
import { halfMigrated, scanPushSites, stripMarkers } from '../corpus/push-scan.js';
import { formatDiagnostics, SDK_CHECK_OPTIONS, SdkTypecheck } from '../helpers/sdk-typecheck.js';
import { decoyReceiverTexts, decoysChanged } from './decoys.js';
import { REGISTRATIONS, syntaxErrors } from './mutations.js';
import type { Seed } from './seeds.js';

export type Property = 'crash' | 'parse' | 'typecheck' | 'unused' | 'idempotent' | 'half-migrated' | 'decoys';

export interface Failure {
  property: Property;
  /** What kind of failure, stable under shrinking: the class failures are counted and shrunk by. */
  kind: string;
  message: string;
}

export interface Verdict {
  failures: Failure[];
  /** Whether the input typechecked: checked when the output has type errors, or when asked for. */
  inputTypechecks?: boolean;
  /** Whether the pipeline changed the file. */
  changed: boolean;
}

export interface Subject {
  seed: Seed;
  text: string;
}

/** The TypeScript checker threw while checking a file. */
class CheckerCrash {
  readonly message: string;
  constructor(error: unknown) {
    this.message = `the TypeScript checker threw: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

type Checked = readonly ts.Diagnostic[] | CheckerCrash;

/** What noUnusedLocals / noUnusedParameters report: checked apart from the other errors. */
const UNUSED_CODES = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);
const isUnused = (d: ts.Diagnostic) => UNUSED_CODES.has(d.code);

export class PropertyCheck {
  private readonly withoutStepMachine: Transform[];

  constructor(
    private readonly transforms: readonly Transform[],
    private readonly typecheck: Pick<SdkTypecheck, 'check'> = new SdkTypecheck({ ...SDK_CHECK_OPTIONS, noUnusedLocals: true, noUnusedParameters: true }),
  ) {
    this.withoutStepMachine = transforms.filter((t) => t.id !== 'step-machine');
  }

  /**
   * Verdicts of a batch of files. The changed outputs are typechecked together; then the inputs of
   * those with errors (the property holds when the input has errors too), or with `checkInputs`
   * every input, which sets `inputTypechecks` on every TypeScript verdict.
   */
  evaluate(subjects: readonly Subject[], options: { checkInputs?: boolean } = {}): Verdict[] {
    const verdicts: Verdict[] = [];
    const outputs = new Map<string, string>();
    const inputs = new Map<string, { verdict: Verdict; text: string }>();
    subjects.forEach((subject, i) => {
      const { verdict, output } = this.migrate(subject);
      verdicts.push(verdict);
      if (!subject.seed.typescript || verdict.failures.some((f) => f.property === 'crash' || f.property === 'parse')) return;
      const ext = path.extname(subject.seed.absPath);
      const base = subject.seed.absPath.slice(0, -ext.length);
      inputs.set(`${base}.fuzz-${i}-in${ext}`, { verdict, text: subject.text });
      if (verdict.changed) outputs.set(`${base}.fuzz-${i}-out${ext}`, output);
    });
    const failing = new Map<string, Checked>();
    if (outputs.size > 0) {
      for (const [file, checked] of this.diagnose(outputs)) {
        if (checked instanceof CheckerCrash || checked.length > 0) failing.set(file.replace(/-out(\.[^.]+)$/, '-in$1'), checked);
      }
    }
    const toCheck = options.checkInputs ? [...inputs.keys()] : [...failing.keys()];
    if (toCheck.length === 0) return verdicts;
    const inputDiagnostics = this.diagnose(new Map(toCheck.map((file) => [file, inputs.get(file)!.text])));
    for (const file of toCheck) {
      const { verdict } = inputs.get(file)!;
      const input = inputDiagnostics.get(file)!;
      verdict.inputTypechecks = !(input instanceof CheckerCrash) && !input.some((d) => !isUnused(d));
      const output = failing.get(file);
      if (!verdict.inputTypechecks || !output || input instanceof CheckerCrash) continue;
      // An output the compiler throws on does not typecheck either.
      if (output instanceof CheckerCrash) {
        verdict.failures.push({ property: 'typecheck', kind: 'checker crash', message: output.message });
        continue;
      }
      const errors = output.filter((d) => !isUnused(d));
      if (errors.length > 0) verdict.failures.push({ property: 'typecheck', kind: `TS${errors[0].code}`, message: formatDiagnostics(errors.slice(0, 5)) });
      // By message ('x' is declared but never read): the lines move, the names do not. A local the
      // input already leaves unread counts once however often a companion repeats its code.
      const before = new Set(input.filter(isUnused).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')));
      const added = output.filter(isUnused).filter((d) => !before.has(ts.flattenDiagnosticMessageText(d.messageText, ' ')));
      if (added.length > 0) verdict.failures.push({ property: 'unused', kind: `TS${added[0].code}`, message: formatDiagnostics(added.slice(0, 5)) });
    }
    return verdicts;
  }

  /**
   * The diagnostics of a batch. TypeScript's checker can throw on some inputs ("Debug Failure"); then
   * the batch is checked again file by file, so one such file costs its own verdict, not the run.
   */
  private diagnose(files: ReadonlyMap<string, string>): Map<string, Checked> {
    try {
      return this.typecheck.check(files);
    } catch {
      const out = new Map<string, Checked>();
      for (const [file, text] of files) {
        try {
          out.set(file, this.typecheck.check(new Map([[file, text]])).get(file)!);
        } catch (error) {
          out.set(file, new CheckerCrash(error));
        }
      }
      return out;
    }
  }

  private run(seed: Seed, text: string, transforms: readonly Transform[]): SourceOutcome {
    return transformSource({
      absPath: seed.absPath,
      text,
      transforms,
      options: { stateModulePath: path.join(path.dirname(seed.absPath), 'mrtr-state.ts'), aliases: seed.aliases },
      sdkUpgrade: 'auto',
      // The run is the CLI's given this one path: every other module is outside it.
      v1ModulesOutsideRun: v1ModulesOutsideRun(seed.absPath, text, (absPath) => path.normalize(absPath) === path.normalize(seed.absPath),
        (absPath) => path.relative(path.dirname(seed.absPath), absPath).split(path.sep).join('/')),
    });
  }

  /** Everything but the typecheck. */
  private migrate({ seed, text }: Subject): { verdict: Verdict; output: string } {
    const failures: Failure[] = [];
    const verdict: Verdict = { failures, changed: false };
    let first: SourceOutcome;
    try {
      first = this.run(seed, text, this.transforms);
    } catch (error) {
      // The engine parses each transform's output again: a syntax error there is output that does not parse.
      const property = error instanceof Error && error.message.startsWith('syntax error at ') ? 'parse' : 'crash';
      failures.push({ property, kind: `${property}: ${errorKind(error)}`, message: errorText(error) });
      return { verdict, output: text };
    }
    const output = first.output ?? text;
    verdict.changed = first.output !== undefined;
    const syntax = syntaxErrors(seed.absPath, output);
    if (syntax) {
      failures.push({ property: 'parse', kind: 'parse: markers', message: syntax });
      return { verdict, output };
    }
    let second: SourceOutcome;
    try {
      second = this.run(seed, output, this.transforms);
    } catch (error) {
      failures.push({ property: 'crash', kind: `crash on the second run: ${errorKind(error)}`, message: errorText(error) });
      return { verdict, output };
    }
    if (second.output !== undefined) {
      failures.push({ property: 'idempotent', kind: 'changed by a second run', message: firstDifference(output, second.output) });
    }
    const reported = new Set(first.findings.map((f) => `${f.rule}: ${f.message}`));
    for (const finding of second.findings) {
      if (reported.has(`${finding.rule}: ${finding.message}`)) continue;
      failures.push({ property: 'idempotent', kind: `new finding ${finding.rule}`, message: `line ${finding.line}: ${finding.rule}: ${finding.message}` });
    }
    if (verdict.changed) failures.push(...this.halfMigrated(seed, text, output));
    const touched = verdict.changed ? decoysChanged(seed.absPath, text, output) : [];
    if (touched.length > 0) {
      failures.push({ property: 'decoys', kind: 'a call on a non-SDK object changed', message: touched.slice(0, 5).join('\n') });
    }
    return { verdict, output };
  }

  private halfMigrated(seed: Seed, input: string, output: string): Failure[] {
    const aliases = seed.aliases.map((a) => a.call);
    // A decoy's elicitInput asks nobody (decoys.ts): not a push call.
    const decoys = decoyReceiverTexts(seed.absPath, input);
    const half = halfMigrated(seed.absPath, output, aliases, decoys);
    // A dual-era handler that already returns inputRequired keeps its 2025 branch's push on purpose
    // (legacy-era-branch): what the input already held is not the migration's doing.
    if (half.length > halfMigrated(seed.absPath, input, aliases, decoys).length) {
      return [{ property: 'half-migrated', kind: 'push call left in a migrated function', message: half.map((s) => `${s.api} at output line ${s.line}`).join('; ') }];
    }
    const left = scanPushSites(seed.absPath, output, aliases, decoys);
    if (left.length === 0) return [];
    let reference: string;
    try {
      reference = normalise(this.run(seed, input, this.withoutStepMachine).output ?? input);
    } catch {
      return [];
    }
    const changed = new Set<string>();
    for (const site of left) {
      const fn = handlerOf(site.node);
      if (fn && !reference.includes(normalise(fn.getText()))) changed.add(`${site.api} at output line ${site.line}`);
    }
    return changed.size === 0 ? [] : [{ property: 'half-migrated', kind: 'handler left with push calls but changed', message: [...changed].join('; ') }];
  }
}

/** The function registered as a handler around a node (else the innermost function), if any. */
function handlerOf(node: ts.Node): ts.Node | undefined {
  let innermost: ts.Node | undefined;
  for (let n = node.parent; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    innermost ??= n;
    const call = n.parent;
    if (ts.isCallExpression(call) && call.arguments.includes(n as ts.Expression) && ts.isPropertyAccessExpression(call.expression) && REGISTRATIONS.has(call.expression.name.text)) return n;
  }
  return innermost;
}

/** Markers out, indentation ignored: what an untouched handler must still read like. */
function normalise(text: string): string {
  return stripMarkers(text).replace(/^[ \t]+/gm, '');
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.message}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}` : String(error);
}

/** An error's message with what varies from file to file (positions, quoted names) blanked. */
function errorKind(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].replace(/\d+/g, 'N').replace(/(['"`]).*?\1/g, '…').slice(0, 120);
}

function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const i = left.findIndex((line, k) => line !== right[k]);
  const at = i === -1 ? left.length : i;
  return `line ${at + 1}:\n- ${left[at] ?? '(end)'}\n+ ${right[at] ?? '(end)'}`;
}
