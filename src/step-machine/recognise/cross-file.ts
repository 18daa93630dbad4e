// Helpers imported from other files of the project (cross-file mode). The runner hands a file the
// text of every module it imports that exports a liftable helper (one question, split like a
// same-file helper, or a chain over helpers of that module); here those modules are parsed on the
// side, their helpers found exactly as their own run will find them, and mapped to the local names
// the file imports them under. A call of such a helper in a handler then becomes a question of that
// handler, using the companions `<name>Params` / `<name>Outcome` that the helper's module exports
// once the group is applied. A module that asks through a helper of a third module comes with its
// own helper modules, so that its callers can report the chain across modules.
import { Node, SyntaxKind, type ImportDeclaration, type SourceFile } from '../../ts-morph.js';
import type { PushAlias } from '../../discover/config.js';
import { aliasArgumentProblem, implementedAlias } from '../../analysis/alias-arguments.js';
import { findHandlers, type HandlerInfo } from '../../analysis/handlers.js';
import { identifierTexts } from '../../ast/identifiers.js';
import { findPushSites, v1Surface } from '../../analysis/push-sites.js';
import { consequenceOf, fallbackWithoutAsking } from '../../analysis/unasked-fallback.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { contextReadEdits } from '../wire/helper-edits.js';
import { companionText, findHelperChains, findLiftableHelpers, type CompanionTypes, type LiftableHelper } from './helpers.js';
import { camelCase } from '../../ast/naming.js';
import { refusalSuggestion, type HelperRefusal } from './nested-helpers.js';
import { indentationAt } from '../../ast/text.js';
import { detectStyle } from '../../ast/text-style.js';
import { MARKER_TAG } from '../../markers.js';
import { parseOnTheSide } from '../../ast/side-parse.js';
import { isExported as exportedHere } from '../../ast/exports.js';

/** What the runner passes a file in cross-file mode: imported modules that export liftable helpers. */
export interface CrossFileInput {
  /** Keyed by the module specifier as the file writes it (`./lib/confirm.js`). */
  modules: Record<string, CrossFileModule>;
}

export interface CrossFileModule {
  absPath: string;
  text: string;
  /**
   * The helper modules this module imports itself, when it exports a function that may ask through
   * one of them (a chain across modules, reported by the callers).
   */
  imports?: CrossFileInput;
}

/** A helper of another module, as this file imports it. */
export interface ImportedHelper {
  helper: LiftableHelper;
  /** The local name of the import (`confirm` in `import { confirmWithUser as confirm }`). */
  localName: string;
  declaration: ImportDeclaration;
  absPath: string;
}

/**
 * The module exports a function a caller in another file may ask through: a liftable helper, a
 * chain over one, or one that asks in a shape that is not lifted (its callers must stay whole).
 */
export function exportsAskingHelper(sourceFile: SourceFile, aliases: readonly PushAlias[]): boolean {
  const { lifted, asking } = moduleHelpers(sourceFile, aliases);
  return lifted.size > 0 || asking.size > 0;
}

/**
 * A module's exported liftable helpers, chains over helpers of the same module among them: their
 * companions compose the inner ones, all written in that module.
 */
function moduleHelpers(sourceFile: SourceFile, aliases: readonly PushAlias[]): { lifted: Map<string, LiftableHelper>; asking: Map<string, Asking> } {
  const lifted = new Map<string, LiftableHelper>();
  /** Exported functions that ask in their own body and are not lifted: name → the push call, and why not. */
  const asking = new Map<string, Asking>();
  // As in the module's own run: a v1 module's helpers are not lifted, so offer none.
  if (v1Surface(sourceFile).server) return { lifted, asking };
  const handlers = findHandlers(sourceFile);
  const sites = findPushSites(sourceFile, handlers, aliases).filter((s) => aliasArgumentProblem(s) === undefined);
  const names = identifierTexts(sourceFile);
  const refused = new Map<Node, HelperRefusal>();
  const helpers = findLiftableHelpers(sites.filter((s) => !implementedAlias(s, aliases)), names, refused);
  // Found after the plain helpers, as in the module's own run, so their companion names agree.
  findHelperChains(sourceFile, sites, helpers, handlers, names);
  for (const helper of helpers.values()) {
    if (!isExported(helper)) continue;
    // Every helper on the way keeps its own companion names: numbered ones mean an earlier run wrote
    // them, and its callers use those when they are exactly what that run writes for this helper.
    if (chainLinks(helper).every(ownCompanionNames)) lifted.set(helper.name, helper);
    else {
      const written = writtenCompanions(helper, sourceFile);
      if (written) lifted.set(helper.name, written);
    }
  }
  for (const [name, declarations] of sourceFile.getExportedDeclarations()) {
    const fn = exportedFunction(declarations[0], sourceFile);
    // A configured alias is a question itself where it is called (its body is the alias's implementation).
    const alias = aliases.some((al) => al.call === name);
    const site = fn && !lifted.has(name) && !alias ? sites.find((s) => ownFunction(s.node) === fn) : undefined;
    const fallback = site && fallbackWithoutAsking(site);
    // Lifted in its own module but not offered: its companions would need numbered names there.
    const refusal: HelperRefusal | undefined = fn && (refused.get(fn) ?? (helpers.has(fn) ? { code: 'names-taken', detail: 'the names its companions would take are already used in its module' } : undefined));
    if (site) asking.set(name, { api: site.api, ...(fallback ? { consequence: consequenceOf(fallback, site.kind) } : {}), ...(refusal ? { refusal } : {}) });
  }
  return { lifted, asking };
}

/** An exported function that asks and is not lifted: its push call, why it is not lifted, and what leaving it means when dangerous. */
interface Asking {
  api: string;
  refusal?: HelperRefusal;
  consequence?: string;
}

/** The helper and, for a chain, the helpers it asks through, outermost first. */
function chainLinks(helper: LiftableHelper): LiftableHelper[] {
  const links: LiftableHelper[] = [];
  for (let link: LiftableHelper | undefined = helper; link; link = link.via?.inner) links.push(link);
  return links;
}

function ownCompanionNames(helper: LiftableHelper): boolean {
  const base = camelCase(helper.name);
  return helper.requestFn === `${base}Params` && (helper.resultFn === undefined || helper.resultFn === `${base}Outcome`);
}

/**
 * The helper with its own companion names when the module already exports its companions exactly as
 * a run writes them right after it (an earlier run lifted it for other callers, or a run that was
 * interrupted before it wrote the callers); undefined otherwise. Any helper but a chain: its
 * companions' text follows from the helper and the types they declare.
 */
function writtenCompanions(helper: LiftableHelper, sourceFile: SourceFile): LiftableHelper | undefined {
  if (helper.via) return undefined;
  const base = camelCase(helper.name);
  const own = { ...helper, requestFn: `${base}Params`, resultFn: helper.resultFn === undefined ? undefined : `${base}Outcome` };
  const request = sourceFile.getFunction(own.requestFn);
  const outcome = own.resultFn === undefined ? undefined : sourceFile.getFunction(own.resultFn);
  if (!request || !exportedHere(request) || (own.resultFn !== undefined && (!outcome || !exportedHere(outcome)))) return undefined;
  const unpromised = (type: string | undefined, async: boolean | undefined) => (async ? type?.replace(/^Promise<([\s\S]*)>$/, '$1') : type);
  let requested = unpromised(request.getReturnTypeNode()?.getText(), helper.nested?.paramsAsync);
  // A guarded helper's builder returns `{ ask: request } | { done: result }`.
  if (helper.guarded && requested !== undefined) requested = /^\{ ask: ([\s\S]*) \} \| \{ done: [\s\S]* \}$/.exec(requested)?.[1];
  // The request context comes first where a companion reads the client's capabilities.
  const contextHolder = helper.context?.params ? request : helper.context?.outcome ? outcome : undefined;
  const types: CompanionTypes = {
    request: requested,
    answer: outcome?.getParameters().at(-1)?.getTypeNode()?.getText(),
    result: unpromised(outcome?.getReturnTypeNode()?.getText(), own.resultAsync),
    context: contextHolder?.getParameters()[0]?.getTypeNode()?.getText(),
  };
  const text = sourceFile.getFullText();
  const style = detectStyle(text);
  // The helper's code is copied into its companions: a marker an earlier run left in that code is
  // ours, not part of what that run wrote into the companions.
  const companions = companionText(own, indentationAt(text, helper.declaration.getStart()), style.indentUnit, style.eol, style.semicolons ? ';' : '', types, true, contextReadEdits(own))
    .replace(MARKER_LINE, '');
  return text.startsWith(`${style.eol}${style.eol}${companions}`, helper.declaration.getEnd()) ? { ...own, written: true } : undefined;
}

const MARKER_LINE = new RegExp(`^[ \\t]*// ${MARKER_TAG} [^\\r\\n]*\\r?\\n`, 'gm');

function isExported(helper: LiftableHelper): boolean {
  return Node.isFunctionDeclaration(helper.declaration) ? exportedHere(helper.declaration)
    : Node.isVariableStatement(helper.declaration) && exportedHere(helper.declaration);
}

/**
 * An exported function of another module that asks and is not lifted: through a helper that module
 * imports from a third one (a chain across several modules), or itself in a shape that cannot be
 * split. Its callers report the call and stay whole.
 */
export interface RelayedHelper {
  /** The local name of the import in the calling file. */
  localName: string;
  declaration: ImportDeclaration;
  /** The question. */
  api: string;
  /** Set when the function goes ahead without an answer: what leaving it means (an error). */
  consequence?: string;
  /** Why the function is not lifted, when it asks itself (helpers.ts). */
  refusal?: HelperRefusal;
  /**
   * The helper it asks through and the module that comes from (as the relaying module writes it);
   * undefined when the function asks itself in a shape that is not lifted.
   */
  via?: { innerName: string; innerModule: string };
}

/**
 * The helpers `sourceFile` imports by name from the modules in `input`, and the functions it imports
 * that ask but are not lifted (`chains`: through a helper of a third module, or in a shape that is
 * not lifted). `taken`: names used in the file; a helper whose companions would clash with one of
 * them is not offered.
 */
export function importedHelpers(
  sourceFile: SourceFile,
  input: CrossFileInput | undefined,
  aliases: readonly PushAlias[],
  taken: ReadonlySet<string>,
): { helpers: ImportedHelper[]; chains: RelayedHelper[]; dispose: () => void } {
  const parsed: (() => void)[] = [];
  const dispose = () => {
    for (const forget of parsed) forget();
  };
  // One parse per module for the whole search: a second parse of the same path would replace the first.
  const byModule = new Map<string, { file: SourceFile; exported: ReturnType<typeof moduleHelpers> }>();
  const moduleOf = (module: CrossFileModule) => {
    let known = byModule.get(module.absPath);
    if (!known) {
      const { sourceFile: file, dispose: forget } = parseOnTheSide(module.absPath, module.text);
      parsed.push(forget);
      known = { file, exported: moduleHelpers(file, aliases) };
      byModule.set(module.absPath, known);
    }
    return known;
  };
  const found = input ? importsOf(sourceFile, input, taken, moduleOf) : { helpers: [], chains: [] };
  return { ...found, dispose };
}

type ModuleOf = (module: CrossFileModule) => { file: SourceFile; exported: ReturnType<typeof moduleHelpers> };

function importsOf(sourceFile: SourceFile, input: CrossFileInput, taken: ReadonlySet<string>, moduleOf: ModuleOf): { helpers: ImportedHelper[]; chains: RelayedHelper[] } {
  const helpers: ImportedHelper[] = [];
  const chains: RelayedHelper[] = [];
  for (const declaration of sourceFile.getImportDeclarations()) {
    const module = input.modules[declaration.getModuleSpecifierValue()];
    if (!module || declaration.isTypeOnly()) continue;
    const { file, exported } = moduleOf(module);
    const relays = module.imports ? relayedHelpers(file, module.imports, moduleOf) : new Map<string, Omit<RelayedHelper, 'localName' | 'declaration'>>();
    for (const spec of declaration.getNamedImports()) {
      if (spec.isTypeOnly()) continue;
      const localName = (spec.getAliasNode() ?? spec.getNameNode()).getText();
      const relay = relays.get(spec.getName());
      if (relay) chains.push({ ...relay, localName, declaration });
      const asks = exported.asking.get(spec.getName());
      if (asks) chains.push({ localName, declaration, ...asks });
      const helper = exported.lifted.get(spec.getName());
      if (!helper) continue;
      if (taken.has(helper.requestFn) || (helper.resultFn !== undefined && taken.has(helper.resultFn))) continue;
      helpers.push({ helper, localName, declaration, absPath: module.absPath });
    }
  }
  return { helpers, chains };
}

/**
 * Exported functions of `file` that call, in their own body, a helper `file` imports from one of
 * the modules of `input`, keyed by exported name.
 */
function relayedHelpers(file: SourceFile, input: CrossFileInput, moduleOf: ModuleOf): Map<string, Omit<RelayedHelper, 'localName' | 'declaration'>> {
  const relays = new Map<string, Omit<RelayedHelper, 'localName' | 'declaration'>>();
  const inner = importsOf(file, input, new Set(), moduleOf).helpers;
  if (inner.length === 0) return relays;
  const byName = new Map(inner.map((i) => [i.localName, i]));
  for (const [name, declarations] of file.getExportedDeclarations()) {
    const fn = exportedFunction(declarations[0], file);
    if (!fn) continue;
    const call = fn.getDescendantsOfKind(SyntaxKind.CallExpression).find((c) => {
      const callee = c.getExpression();
      return Node.isIdentifier(callee) && byName.has(callee.getText()) && ownFunction(c) === fn;
    });
    if (!call) continue;
    const via = byName.get(call.getExpression().getText())!;
    relays.set(name, { via: { innerName: via.helper.name, innerModule: via.declaration.getModuleSpecifierValue() }, api: via.helper.site.api });
  }
  return relays;
}

/** The function an exported declaration of `file` is (`export function f`, `export const f = () => …`). */
function exportedFunction(declaration: Node | undefined, file: SourceFile): Node | undefined {
  const fn = declaration && Node.isFunctionDeclaration(declaration) ? declaration
    : declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  if (!fn || !(Node.isFunctionDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) || fn.getSourceFile() !== file) return undefined;
  return fn;
}

/** The function a call is made in: a callback it sits in asks later, not when its function is called. */
function ownFunction(node: Node): Node | undefined {
  return node.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isMethodDeclaration(a));
}

/**
 * Calls in handlers of helpers asking across several modules: reported, and the handlers that make
 * them are left as they are (their other questions too: never half a migration).
 */
export function importedChainFindings(sourceFile: SourceFile, handlers: readonly HandlerInfo[], chains: readonly RelayedHelper[]): { findings: FindingInput[]; handlers: Map<HandlerInfo, string> } {
  const byName = new Map(chains.map((c) => [c.localName, c]));
  /** Handlers left as they are, with why (for their other questions). */
  const blocked = new Map<HandlerInfo, string>();
  if (byName.size === 0) return { findings: [], handlers: blocked };
  const findings = sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((call) => {
    const callee = call.getExpression();
    const chain = Node.isIdentifier(callee) ? byName.get(callee.getText()) : undefined;
    const callers = chain ? handlers.filter((h) => h.fn.containsRange(call.getPos(), call.getEnd())) : [];
    if (!chain || callers.length === 0) return [];
    for (const handler of callers) {
      blocked.set(handler, chain.via ? 'it also asks through a chain of helpers across several modules, which is not lifted'
        : `it also calls ${chain.localName}() from ${chain.declaration.getModuleSpecifierValue()}, which asks the client and is not lifted`);
    }
    const from = chain.declaration.getModuleSpecifierValue();
    const { via } = chain;
    return [via ? {
      rule: 'push-in-helper' as const, severity: 'warning' as const, pos: call.getStart(),
      message: `${chain.localName}() in ${from} asks through ${via.innerName}() (${chain.api}), which it imports from ${via.innerModule}: a chain of helpers across several modules is not lifted`,
      suggestion: `Call ${via.innerName}() from the handler (with the arguments ${chain.localName}() passes it), or move ${chain.localName}() into the module of ${via.innerName}(), then run the migration again.`,
    } : {
      rule: 'push-in-helper' as const, severity: chain.consequence ? 'error' as const : 'warning' as const, pos: call.getStart(),
      message: `${chain.localName}() in ${from} asks the client (${chain.api}) ${chain.refusal ? `and is not lifted (${chain.refusal.detail})` : 'in a shape that is not lifted'}, so this handler is left as it was${chain.consequence ? `. Left like this it is dangerous: ${chain.consequence}` : ''}`,
      suggestion: chain.refusal ? refusalSuggestion(chain.refusal, chain.localName) : `Make ${chain.localName}() ask once at the top level of its body (see its own finding), then run the migration again.`,
    }];
  });
  return { findings, handlers: blocked };
}

/**
 * The import of each module whose helpers were lifted: the companions join it, and a helper no
 * longer referenced leaves it. `stillUsed(name)`: the local name appears outside migrated calls;
 * `referenced(name)`: the new code calls that companion (a roots question asks with no request, so
 * its request builder is not called, and an import of it would be unused).
 */
export function companionImportEdits(lifted: ImportedHelper[], stillUsed: (localName: string) => boolean, referenced: (name: string) => boolean = () => true): TextEdit[] {
  const edits: TextEdit[] = [];
  const byDeclaration = new Map<ImportDeclaration, ImportedHelper[]>();
  for (const item of lifted) byDeclaration.set(item.declaration, [...(byDeclaration.get(item.declaration) ?? []), item]);
  for (const [declaration, items] of byDeclaration) {
    const named = declaration.getNamedImports();
    const drop = new Set(items.filter((i) => !stillUsed(i.localName)).map((i) => i.localName));
    const kept = named.filter((spec) => !drop.has((spec.getAliasNode() ?? spec.getNameNode()).getText())).map((spec) => spec.getText());
    const present = new Set(named.map((spec) => spec.getName()));
    const added = [...new Set(items.flatMap((i) => [i.helper.requestFn, ...(i.helper.resultFn ? [i.helper.resultFn] : [])]))].filter((n) => !present.has(n) && referenced(n));
    const braces = named[0].getParentOrThrow();
    edits.push({ start: braces.getStart(), end: braces.getEnd(), text: `{ ${[...kept, ...added].join(', ')} }` });
  }
  return edits;
}

/**
 * Modules and helper names a file's migration now depends on, for the runner's group: the helpers
 * whose companions their module does not export yet.
 */
export function requirementsOf(lifted: ImportedHelper[]): { absPath: string; helpers: string[] }[] {
  const byPath = new Map<string, Set<string>>();
  for (const item of lifted) {
    if (!item.helper.written) byPath.set(item.absPath, (byPath.get(item.absPath) ?? new Set()).add(item.helper.name));
  }
  return [...byPath].map(([absPath, names]) => ({ absPath, helpers: [...names].sort() })).sort((a, b) => (a.absPath < b.absPath ? -1 : 1));
}
