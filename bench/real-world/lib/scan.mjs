// An inventory of server-to-client push calls, written for the scorecard so that it does not grade
// the migration with the migration's own analysis (same idea as test/corpus/push-scan.ts, in plain
// JavaScript so the scorer runs without a build). Syntax only, TypeScript compiler API.
import ts from 'typescript';

const PUSH_NAMES = new Set(['elicitInput', 'requestSampling', 'createMessage', 'listRoots']);
const RAW_NAMES = new Set(['send', 'request', 'sendRequest']);
const PUSH_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);
/** Result schemas that name the request kind when the method is not written at the call. */
const RESULT_SCHEMAS = { ElicitResultSchema: 'elicitation/create', CreateMessageResultSchema: 'sampling/createMessage', ListRootsResultSchema: 'roots/list' };
/** The input-request builders a migrated site becomes, by kind. */
const BUILDERS = { elicit: /\binputRequired\.elicit(Url)?\(/g, createMessage: /\binputRequired\.createMessage\(/g, listRoots: /\binputRequired\.listRoots\(/g };

const squash = (text) => text.replace(/\s+/g, '');

export function scriptKind(fileName) {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parse(fileName, text) {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
}

/** Marker comments the migration writes above a statement are not part of any call. */
export function stripMarkers(text) {
  return text.replace(/^[ \t]*\/\/ @mcp-mrtr-migrate [^\n]*\r?\n/gm, '');
}

function methodOf(object) {
  for (const prop of object.properties) {
    if (!ts.isPropertyAssignment(prop) || prop.name.getText() !== 'method') continue;
    // `method: 'elicitation/create' as const`
    const value = ts.isAsExpression(prop.initializer) ? prop.initializer.expression : prop.initializer;
    if (ts.isStringLiteralLike(value)) {
      const method = value.text;
      if (PUSH_METHODS.has(method) || method.startsWith('tasks/')) return method;
    }
  }
  return undefined;
}

/** `x`, `x as T`, `(x)`: the variable of that name declared in the file with an object literal. */
function declaredObject(expression, sf) {
  let e = expression;
  while (e && (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression?.(e))) e = e.expression;
  if (!e || !ts.isIdentifier(e)) return undefined;
  let found;
  const visit = (node) => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === e.text && node.initializer) {
      let init = node.initializer;
      while (ts.isAsExpression(init) || ts.isParenthesizedExpression(init) || ts.isSatisfiesExpression?.(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) found = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function rawMethod(call) {
  const first = call.arguments[0];
  if (first && ts.isObjectLiteralExpression(first)) {
    const method = methodOf(first);
    if (method) return method;
  }
  const declared = first && declaredObject(first, call.getSourceFile());
  if (declared && methodOf(declared)) return methodOf(declared);
  const schema = call.arguments[1];
  if (schema && ts.isIdentifier(schema) && RESULT_SCHEMAS[schema.text]) return schema.text;
  return undefined;
}

/** The request kind of a site's api, for the builder check ('elicit' | 'createMessage' | 'listRoots' | undefined). */
export function builderKind(api) {
  if (/elicitInput|elicitation\/create|ElicitResultSchema|UrlElicitationRequiredError|elicit/i.test(api)) return 'elicit';
  if (/requestSampling|createMessage|sampling\/createMessage|CreateMessageResultSchema|sampl/i.test(api)) return 'createMessage';
  if (/listRoots|roots\/list|ListRootsResultSchema|roots/i.test(api)) return 'listRoots';
  return undefined;
}

export function builderCount(text, kind) {
  return [...text.matchAll(BUILDERS[kind])].length;
}

function nearestFunction(node) {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}

/** The name a function is called by: its declaration name, the variable or property it is assigned to. */
export function functionName(fn) {
  if (!fn) return undefined;
  if (fn.name && (ts.isIdentifier(fn.name) || ts.isPrivateIdentifier(fn.name))) return fn.name.text;
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

/**
 * Push sites of one file: calls of the SDK push APIs (a receiver is required, `inputRequired.*` is
 * not one), raw requests with a push method (written at the call, or named by the result schema),
 * `new UrlElicitationRequiredError`, `createElicitationCompletionNotifier`, push functions taken as
 * values, and calls whose callee text is one of `aliases` (framework asking APIs a manifest lists).
 * Each site: { line, endLine, statementLine, api, key, enclosing } — `key` is the node's text without
 * whitespace (what is looked for in the migrated file), `enclosing` the name of the function it is in.
 */
export function scanPushSites(fileName, text, aliases = []) {
  const sf = parse(fileName, text);
  const aliasSet = new Set(aliases);
  const sites = [];
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (node, api) => {
    let statement = node;
    while (statement.parent && !ts.isStatement(statement) && !ts.isClassElement(statement) && !ts.isSourceFile(statement.parent)) statement = statement.parent;
    sites.push({
      line: lineOf(node.getStart(sf)),
      endLine: lineOf(node.getEnd()),
      statementLine: lineOf(statement.getStart(sf)),
      api,
      key: squash(node.getText(sf)),
      enclosing: functionName(nearestFunction(node)),
      node,
    });
  };
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
      const receiver = ts.isPropertyAccessExpression(callee) ? squash(callee.expression.getText(sf)) : undefined;
      const calleeText = squash(callee.getText(sf));
      if (name && PUSH_NAMES.has(name) && receiver !== undefined && receiver !== 'inputRequired') {
        add(node, calleeText);
      } else if (name && RAW_NAMES.has(name) && rawMethod(node)) {
        add(node, `${calleeText}(${rawMethod(node)})`);
      } else if (name === 'createElicitationCompletionNotifier') {
        add(node, calleeText);
      } else if (aliasSet.has(calleeText)) {
        add(node, calleeText);
      }
    } else if (ts.isNewExpression(node) && /(^|\.)UrlElicitationRequiredError$/.test(node.expression.getText(sf))) {
      add(node, 'new UrlElicitationRequiredError');
    } else if (ts.isPropertyAccessExpression(node) && PUSH_NAMES.has(node.name.text)) {
      const parent = node.parent;
      const isCallee = ts.isCallExpression(parent) && parent.expression === node;
      const receiver = squash(node.expression.getText(sf));
      // `x.createMessage` as a value (passed on, stored); a declaration's own name is not one.
      if (!isCallee && receiver !== 'inputRequired' && !ts.isPropertyAccessExpression(parent)) add(node, `${squash(node.getText(sf))} [value]`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}

/** Calls of `inputRequired(...)` and returns of one: functions that are now step machines. */
function migratedFunctions(sf) {
  const found = new Set();
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'inputRequired') {
      const fn = nearestFunction(node);
      if (fn) found.add(fn);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Push sites of a migrated file that sit in a function returning `inputRequired(...)` (or nested in one). */
export function halfMigrated(fileName, text, aliases = []) {
  const sites = scanPushSites(fileName, text, aliases);
  if (sites.length === 0) return [];
  const migrated = migratedFunctions(sites[0].node.getSourceFile());
  return sites.filter((site) => {
    for (let n = site.node.parent; n; n = n.parent) {
      // A dual-era handler's 2025-era branch asks directly by design (the tool leaves it: legacy-era-branch).
      if (n.parent && ts.isIfStatement(n.parent) && n.parent.thenStatement === n && LEGACY_ERA_TEST.test(n.parent.expression.getText())) return false;
      if (migrated.has(n)) return true;
    }
    return false;
  });
}

const LEGACY_ERA_TEST = /\bera\s*===\s*['"]legacy['"]|\bisLegacyRequest\s*\(/;

/** Calls of a function named `name` (`name(…)`, `x.name(…)`, `this.name(…)`), outside `except` functions' own bodies. */
export function callsOf(fileName, text, name) {
  const sf = parse(fileName, text);
  let count = 0;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (called === name && functionName(nearestFunction(node)) !== name) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return count;
}
