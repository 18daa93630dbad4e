// An independent inventory of server-to-client push calls, written for the corpus test so that it
// does not grade the migration with the migration's own analysis. Plain TypeScript compiler API,
// syntax only: a site is a call (or a value reference) of one of the legacy push APIs.
import ts from 'typescript';

export interface ScannedSite {
  /** 1-based line of the node's first token. */
  line: number;
  /** `ctx.mcpReq.elicitInput`, `ctx.mcpReq.send(sampling/createMessage)`, `ctx.mcpReq.requestSampling [value]`, … */
  api: string;
  /** The node's text without whitespace: what the test looks for in the migrated file. */
  key: string;
  node: ts.Node;
}

const PUSH_NAMES = new Set(['elicitInput', 'requestSampling', 'createMessage', 'listRoots']);
const RAW_NAMES = new Set(['send', 'request', 'sendRequest']);
const PUSH_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

/** Marker comments the migration writes above a statement are not part of any call. */
export function stripMarkers(text: string): string {
  return text.replace(/^[ \t]*\/\/ @mcp-mrtr-migrate [^\n]*\r?\n/gm, '');
}

const squash = (text: string) => text.replace(/\s+/g, '');

function rawMethod(call: ts.CallExpression): string | undefined {
  const first = call.arguments[0];
  if (!first || !ts.isObjectLiteralExpression(first)) return undefined;
  for (const prop of first.properties) {
    if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'method' && ts.isStringLiteralLike(prop.initializer)) {
      const method = prop.initializer.text;
      if (PUSH_METHODS.has(method) || method.startsWith('tasks/')) return method;
    }
  }
  return undefined;
}

/**
 * `aliases`: callees the corpus configuration declares as push aliases (framework glue); their
 * calls are sites too, named `<callee> [alias]`. `notPush`: receivers (as written, whitespace
 * removed) whose calls ask nobody whatever their names (the fuzzer's decoys).
 */
export function scanPushSites(fileName: string, text: string, aliases: readonly string[] = [], notPush: ReadonlySet<string> = new Set()): ScannedSite[] {
  return scanSourceFile(ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS), aliases, notPush);
}

/** The same inventory of a file already parsed (with parent pointers). */
export function scanSourceFile(sf: ts.SourceFile, aliases: readonly string[] = [], notPush: ReadonlySet<string> = new Set()): ScannedSite[] {
  const sites: ScannedSite[] = [];
  const add = (node: ts.Node, api: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    sites.push({ line, api, key: squash(node.getText(sf)), node });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
      const receiver = ts.isPropertyAccessExpression(callee) ? squash(callee.expression.getText(sf)) : undefined;
      if (receiver !== undefined && notPush.has(receiver)) {
        // not a push call
      } else if (aliases.includes(squash(callee.getText(sf)))) {
        add(node, `${squash(callee.getText(sf))} [alias]`);
      } else if (name && PUSH_NAMES.has(name) && receiver !== undefined && receiver !== 'inputRequired') {
        add(node, squash(callee.getText(sf)));
      } else if (name && RAW_NAMES.has(name)) {
        const method = rawMethod(node);
        if (method) add(node, `${squash(callee.getText(sf))}(${method})`);
      } else if (name === 'createElicitationCompletionNotifier') {
        add(node, squash(callee.getText(sf)));
      }
    } else if (ts.isNewExpression(node) && /(^|\.)UrlElicitationRequiredError$/.test(node.expression.getText(sf))) {
      add(node, 'new UrlElicitationRequiredError');
    } else if (ts.isPropertyAccessExpression(node) && PUSH_NAMES.has(node.name.text)) {
      const parent = node.parent;
      const isCallee = ts.isCallExpression(parent) && parent.expression === node;
      const receiver = squash(node.expression.getText(sf));
      if (!isCallee && receiver !== 'inputRequired' && !notPush.has(receiver)) add(node, `${squash(node.getText(sf))} [value]`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}

/** Calls of `inputRequired(...)` (the generated interim result). */
function isInputRequiredCall(node: ts.Node): boolean {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'inputRequired';
}

function nearestFunction(node: ts.Node): ts.Node | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}

/**
 * Push sites of a migrated file that sit in a function which itself returns `inputRequired(...)`
 * (directly, not from a nested function) or in a function nested in one: a handler that was
 * rewritten while a push call in it stayed — "half-migrated".
 */
export function halfMigrated(fileName: string, text: string, aliases: readonly string[] = [], notPush: ReadonlySet<string> = new Set()): ScannedSite[] {
  const sites = scanPushSites(fileName, text, aliases, notPush);
  const sf = sites[0]?.node.getSourceFile();
  if (!sf) return [];
  const migratedFunctions = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (isInputRequiredCall(node)) {
      const fn = nearestFunction(node);
      if (fn) migratedFunctions.add(fn);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites.filter((site) => {
    for (let n: ts.Node | undefined = site.node.parent; n; n = n.parent) {
      // A dual-era handler's 2025-era branch asks directly by design (the tool leaves it: legacy-era-branch).
      if (n.parent && ts.isIfStatement(n.parent) && n.parent.thenStatement === n && LEGACY_ERA_TEST.test(n.parent.expression.getText())) return false;
      if (migratedFunctions.has(n)) return true;
    }
    return false;
  });
}

const LEGACY_ERA_TEST = /\bera\s*===\s*['"]legacy['"]|\bisLegacyRequest\s*\(/;
