// Grading of one repository's manifest sites against the migrated tree and the CLI's JSON report.
// Pure functions of texts and the report, so the classification is unit-tested on synthetic input
// (test/scorecard.test.ts) without mirrors.
import { builderCount, builderKind, callsOf, halfMigrated, scanPushSites, stripMarkers } from './scan.mjs';

/**
 * Rules that say a push site is left as it was (or was rewritten with a caveat that needs a person).
 * A finding of any other rule (info notes beside a migration, serving set-up, state notes) is not a
 * report of the site.
 */
export const NOTE_RULES = new Set([
  'state-value-unchecked', 'question-in-loop-resumed', 'questions-per-item-one-round', 'question-deferred-to-await',
  'side-effect-before-input', 'then-chain-awaited', 'push-option-dropped', 'promise-race-timeout', 'elicitation-id-removed',
  'url-elicitation-throw', 'answer-validation', 'result-built-elsewhere', 'request-state-verify-not-wired',
  'client-capabilities', 'sdk-upgrade', 'serve-http-manual', 'serve-stdio-manual', 'state-carries-sensitive-value',
  'logging-set-level-handler',
]);

/** Rules that truthfully explain why a migrate-outcome site was not migrated, by category, when the manifest lists none. */
const DEFAULT_TRUTHFUL = {
  handler: ['push-request', 'push-unsupported-shape'],
  helper: ['push-in-helper', 'push-unsupported-shape'],
};

export const OUTCOMES = ['migrated', 'reported-accurate', 'reported-wrong-cause', 'silent', 'migrated-wrongly', 'left'];

/** The callee text a manifest `api` names when it is a framework's asking API (`ctx.elicit`): scanned like an SDK call. */
export function aliasesOf(manifest) {
  return [...new Set([...(manifest.sites ?? []), ...(manifest.notSites ?? [])].map((s) => s.api).filter((api) => /^[\w$#.]+$/.test(api)))];
}

const siteId = (s) => `${s.path}:${s.line}`;

/** What a push call asks for, whatever API spelling it has (the v1→v2 upgrade renames calls, not kinds). */
export function kindOf(api) {
  const task = /tasks\/\w+/.exec(api);
  if (task) return task[0];
  if (/UrlElicitationRequiredError/.test(api)) return 'url-error';
  if (/CompletionNotifier/.test(api)) return 'notifier';
  if (/\[value\]$/.test(api)) return 'value';
  return builderKind(api) ?? api;
}

/**
 * @param manifest   the repository's manifest (sites, notSites)
 * @param originals  Map path → original text, for every file under root that the scan covers
 * @param outputs    Map path → migrated text (same keys)
 * @param report     the CLI's JSON report (findings paths relative to the repository root)
 * @param ruleIds    ids of the rules the tool has today
 */
export function gradeRepository({ manifest, originals, outputs, report, ruleIds }) {
  const aliases = aliasesOf(manifest);
  const findings = (report?.findings ?? []).filter((f) => f.severity !== 'info' && !NOTE_RULES.has(f.rule));
  const scanned = new Map([...originals].map(([file, text]) => [file, scanPushSites(file, text, aliases)]));
  const remaining = new Map([...outputs].map(([file, text]) => [file, scanPushSites(file, stripMarkers(text), aliases)]));
  const problems = [];

  // Inventory: every scanned site is a manifest site or a declared non-site, and the reverse.
  const declared = new Map([...(manifest.sites ?? []), ...(manifest.notSites ?? [])].map((s) => [`${siteId(s)} ${s.api}`, s]));
  const unlisted = [];
  for (const [file, sites] of scanned) {
    for (const s of sites) if (!declared.has(`${file}:${s.line} ${s.api}`)) unlisted.push(`${file}:${s.line} ${s.api}`);
  }
  const scannedAt = (site) => (scanned.get(site.path) ?? []).find((s) => s.line === site.line && s.api === site.api);
  for (const site of [...(manifest.sites ?? []), ...(manifest.notSites ?? [])]) {
    if (!originals.has(site.path)) problems.push(`${siteId(site)} ${site.api}: file not under root (or not read)`);
    else if (!scannedAt(site)) problems.push(`${siteId(site)} ${site.api}: no such push call at that line`);
  }

  // Findings on a site: same file, a line from the statement's first line to the call's last line,
  // or a line the manifest names in `alsoAt` (where the function taken as a value is called, the
  // registration of the notification handler that asks).
  const findingsAt = (site) => {
    const s = scannedAt(site);
    const from = s ? s.statementLine : site.line;
    const to = s ? s.endLine : site.line;
    const also = new Set(site.alsoAt ?? []);
    return findings.filter((f) => f.path === site.path && ((f.line >= from && f.line <= to) || also.has(f.line)));
  };

  // Sites of the same kind in one file are told apart by count (call texts change when the v1→v2
  // upgrade runs first, kinds do not): reported sites claim the push calls left in the output first,
  // unreported ones then take the rest and are silent, so a silent site never hides behind a migrated twin.
  const gone = new Map();
  const byKind = new Map();
  for (const site of manifest.sites ?? []) {
    if (!scannedAt(site)) continue;
    const k = `${site.path}\0${kindOf(site.api)}`;
    byKind.set(k, [...(byKind.get(k) ?? []), site]);
  }
  for (const [k, sites] of byKind) {
    const [file, kind] = k.split('\0');
    let left = (remaining.get(file) ?? []).filter((r) => kindOf(r.api) === kind).length;
    const ordered = [...sites].sort((a, b) => findingsAt(b).length - findingsAt(a).length);
    for (const site of ordered) {
      gone.set(site, left === 0);
      if (left > 0) left--;
    }
  }

  // A helper whose callers all moved to its companions stays only for its export: lifted. A helper
  // shared with callers that cannot take an input request (`keptCalls` of them, e.g. a subscribe
  // handler) stays for those.
  const liftedHelper = (site) => {
    const name = scannedAt(site)?.enclosing;
    if (!name) return false;
    let before = 0;
    let after = 0;
    for (const [file, text] of originals) if (text.includes(name)) before += callsOf(file, text, name);
    for (const [file, text] of outputs) if (text.includes(name)) after += callsOf(file, text, name);
    return before > 0 && after < before && after <= (site.keptCalls ?? 0);
  };

  const graded = [];
  for (const site of manifest.sites ?? []) {
    const at = findingsAt(site);
    // A file the CLI could not process is listed under errors: its sites are reported, by no rule.
    const fileError = (report?.errors ?? []).find((e) => e.path === site.path);
    if (fileError) at.push({ rule: '(file error)', message: fileError.message });
    const rules = [...new Set(at.map((f) => f.rule))];
    const isGone = gone.get(site) === true || (gone.get(site) === false && site.category === 'helper' && liftedHelper(site));
    const truthful = new Set([...(site.expectedRules ?? []), ...(site.outcome === 'migrate' && !site.expectedRules?.length ? DEFAULT_TRUTHFUL[site.category] ?? [] : [])]);
    let result;
    if (isGone) result = site.outcome === 'migrate' ? 'migrated' : 'migrated-wrongly';
    // outcome "leave": code that is right for the era it serves (a legacy-only branch beside the
    // inputRequired form); untouched and unreported is right, a report must give the true cause.
    else if (rules.length === 0 && site.outcome === 'leave') result = 'left';
    else if (rules.length > 0) result = rules.some((r) => truthful.has(r)) ? 'reported-accurate' : 'reported-wrong-cause';
    else result = 'silent';
    graded.push({ site, result, rules, messages: at.map((f) => `${f.rule}: ${f.message}`) });
  }

  // Every migrated site was replaced by an input request of its kind somewhere in the tree.
  const noBuilder = [];
  for (const kind of ['elicit', 'createMessage', 'listRoots']) {
    const migrated = graded.filter((g) => g.result === 'migrated' && builderKind(g.site.api) === kind).length;
    let written = 0;
    for (const [file, text] of outputs) written += builderCount(text, kind) - builderCount(originals.get(file) ?? '', kind);
    if (written < migrated) noBuilder.push(`${migrated} ${kind} site(s) migrated but only ${written} inputRequired.${kind} request(s) written`);
  }

  // Half-migrated handlers anywhere in the tree: a function returning inputRequired(...) still pushes.
  const half = [];
  for (const [file, text] of outputs) {
    if (text === originals.get(file) || !text.includes('inputRequired')) continue;
    for (const s of halfMigrated(file, stripMarkers(text), aliases)) half.push(`${file}: ${s.api} (output line ${s.line})`);
  }

  // Findings that sit on no manifest site: on a declared non-site (a finding about something that is
  // no push call), or elsewhere (a caller-side report of a helper, a registration-line note, or a
  // push site the manifest misses: to review).
  const siteLines = new Set(graded.flatMap((g) => findingsAt(g.site).map((f) => `${f.path}:${f.line}`)));
  const notSiteLines = new Set((manifest.notSites ?? []).flatMap((n) => findingsAt(n).map((f) => `${f.path}:${f.line}`)));
  const describe = (f) => `${f.path}:${f.line} ${f.rule}: ${f.message.split('\n')[0]}`;
  const onNotSites = findings.filter((f) => notSiteLines.has(`${f.path}:${f.line}`) && !siteLines.has(`${f.path}:${f.line}`)).map(describe);
  const stray = findings.filter((f) => !siteLines.has(`${f.path}:${f.line}`) && !notSiteLines.has(`${f.path}:${f.line}`)).map(describe);

  // A hold the tool got past (it migrated the site) no longer describes the code: say so.
  for (const g of graded) if (g.site.heldOnV1 && g.result === 'migrated') problems.push(`${siteId(g.site)} ${g.site.api}: migrated, yet the manifest says it is held on v1 (heldOnV1): check the hold`);
  const missingRules = [...new Set((manifest.sites ?? []).flatMap((s) => s.expectedRules ?? []).filter((r) => !ruleIds.has(r)))];
  return { graded, unlisted, problems, noBuilder, half, onNotSites, stray, missingRules };
}

/** Counts of graded sites: sites, migrate-outcome sites, and one count per result. */
export function tally(graded) {
  const row = { sites: graded.length, migrateOutcome: graded.filter((g) => g.site.outcome === 'migrate').length };
  for (const outcome of OUTCOMES) row[outcome] = graded.filter((g) => g.result === outcome).length;
  row.migratedOfMigrateOutcome = graded.filter((g) => g.site.outcome === 'migrate' && g.result === 'migrated').length;
  // Sites whose package stays on the v1 SDK until its authors change code only they can decide about
  // (manifest `heldOnV1`, with the reason): no migration of them is possible while that code stands.
  row.heldOnV1 = graded.filter((g) => g.site.outcome === 'migrate' && g.site.heldOnV1 && g.result !== 'migrated').length;
  return row;
}
