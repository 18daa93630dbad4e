// Handlers a registration reaches through a tool definition (see analysis/dispatch-routes.ts): the
// functions of this file that a registration in this file or in another module of the run hands a
// tools/call or prompts/get to. Each becomes a handler of this file: its name (the definition's
// `name`, or the registered name as code), where its arguments and context arrive, the types on
// the way to widen, and the dispatchers that must change with it. A function reached through a
// route that cannot be followed with certainty is not a handler: its questions are reported with
// the route's reason.
import path from 'node:path';
import { Node, type Project, type SourceFile } from '../../ts-morph.js';
import { inMemoryProject } from '../../ast/side-parse.js';
import { declaredDefinitionTypes, memberFunctionType, singleFileWorld, type ModuleWorld } from '../../analysis/definitions.js';
import { dispatchRoutes, type DispatchRoute, type DispatchTarget } from '../../analysis/dispatch-routes.js';
import { registrationHandler, type HandlerFunction, type HandlerInfo, type RouteRefusal } from '../../analysis/handlers.js';
import { wrapperChains, type WrapperChain } from '../../analysis/wrapper-chains.js';
import type { TransformContext } from '../../types.js';
import { detectStyle } from '../../ast/text-style.js';
import { dispatcherEdits, memberTypeChange, type DispatcherChange } from '../wire/dispatcher-edits.js';

/** What the runner passes a file whose functions registrations of other modules reach (cross-file mode). */
export interface RegistrationInput {
  /** The modules (absolute path → text) the routes go through, this file excluded. */
  modules: Record<string, string>;
  /** How their imports resolve: importing file → specifier → absolute path (files of the run only). */
  resolutions: Record<string, Record<string, string>>;
  /** The modules whose registrations reach this file; `v1`: it stays on the v1 SDK in this run. */
  registrars: { absPath: string; v1: boolean }[];
  /** Modules that build the server those registrations are made on (the verify hook goes there). */
  servers?: string[];
}

export interface RemoteHandlers {
  handlers: HandlerInfo[];
  refusals: RouteRefusal[];
  changes: Map<HandlerInfo, DispatcherChange[]>;
  /** Handlers registered from another module that builds the server: that module wires the verify hook. */
  verifyWiredBy: Set<HandlerInfo>;
}

const METHOD_KINDS: Record<string, 'tool' | 'prompt'> = { 'tools/call': 'tool', 'prompts/get': 'prompt' };

/**
 * The functions of this file reached through definition routes, as handlers (or refusals).
 * `own`: the handlers registered in this file (the dispatchers among them are followed too).
 */
export function remoteHandlers(ctx: TransformContext, own: HandlerInfo[], cleanups: (() => void)[]): RemoteHandlers {
  const input = ctx.options.registrations as RegistrationInput | undefined;
  const result: RemoteHandlers = { handlers: [], refusals: [], changes: new Map(), verifyWiredBy: new Set() };
  const { sourceFile } = ctx;
  const world = input ? worldOf(ctx, input, cleanups) : singleFileWorld(sourceFile);
  const reached = new Map<HandlerFunction, { route: DispatchRoute; target: DispatchTarget; registrar?: { absPath: string; v1: boolean } }[]>();
  const collect = (routes: DispatchRoute[], registrar?: { absPath: string; v1: boolean }) => {
    for (const route of routes) {
      for (const target of route.targets) {
        if (target.fn.getSourceFile() !== sourceFile) continue;
        reached.set(target.fn, [...(reached.get(target.fn) ?? []), { route, target, ...(registrar ? { registrar } : {}) }]);
      }
    }
  };
  collect(dispatchRoutes(sourceFile, world, own));
  for (const registrar of input?.registrars ?? []) {
    const file = fileOf(world, registrar.absPath);
    if (file && file !== sourceFile) collect(dispatchRoutes(file, world), registrar);
  }
  const typescript = /\.(m|c)?tsx?$/i.test(ctx.absPath);
  // Registrars and curried wrappers that drop the context (wrapper-chains.ts).
  for (const chain of wrapperChains(sourceFile)) {
    if (own.some((h) => h.fn === chain.handler) || reached.has(chain.handler)) continue;
    const built = chainHandler(chain, typescript);
    if ('problem' in built) result.refusals.push({ fn: chain.handler, message: built.problem });
    else {
      result.handlers.push(built.handler);
      result.changes.set(built.handler, chain.hops.map((route) => ({ route })));
    }
  }
  for (const [fn, ways] of reached) {
    const built = handlerOf(fn, ways, world, typescript);
    if ('problem' in built) {
      result.refusals.push({ fn, message: built.problem });
      continue;
    }
    // The modules that build the server wire its verify hook with this migration.
    const servers = (input?.servers ?? []).filter((s) => !built.changes.some((c) => 'absPath' in c && c.absPath === s));
    const changes: DispatcherChange[] = [...built.changes, ...servers.map((absPath) => ({ absPath }))];
    result.handlers.push(built.handler);
    result.changes.set(built.handler, changes);
    if (changes.some((c) => 'absPath' in c && (input?.servers?.includes(c.absPath) || constructsServer(fileOf(world, c.absPath))))) result.verifyWiredBy.add(built.handler);
  }
  return result;
}

interface Way {
  route: DispatchRoute;
  target: DispatchTarget;
  registrar?: { absPath: string; v1: boolean };
}

/** The handler a function becomes through all the ways it is reached, or why it cannot become one. */
function handlerOf(fn: HandlerFunction, ways: Way[], world: ModuleWorld, typescript: boolean): { handler: HandlerInfo; changes: DispatcherChange[] } | { problem: string } {
  const where = (way: Way) => `${describeRoute(way.route)}${way.registrar ? ` in ${path.basename(way.registrar.absPath)}` : ''}`;
  for (const way of ways) {
    if (way.route.problem) return { problem: `it is reached through ${where(way)}, and ${way.route.problem}` };
    if (way.registrar?.v1) return { problem: `it is registered through ${where(way)}, which stays on the v1 SDK in this run` };
  }
  const built = ways.map((way) => baseHandler(fn, way));
  const bad = built.find((b) => 'problem' in b);
  if (bad && 'problem' in bad) return bad;
  const handlers = built.map((b) => (b as { handler: HandlerInfo }).handler);
  const handler = handlers[0];
  const subject = (h: HandlerInfo) => h.subjectExpression ?? h.name;
  if (handlers.some((h) => h.method !== handler.method || h.ctxIndex !== handler.ctxIndex || subject(h) !== subject(handler))) {
    return { problem: `it is reached through ${ways.map(where).join(' and ')}, which do not hand it the same call` };
  }
  // Types declared for the member: on this file's side they widen with the handler, on the
  // dispatcher's side the dispatcher changes them; anywhere else they would be left behind.
  const changes: DispatcherChange[] = [];
  const seenTypes = new Set<Node>();
  for (const way of ways) {
    const registrarFile = way.route.registration.getSourceFile();
    const defTypes = declaredDefinitionTypes(way.target.definition).flatMap((t) => memberFunctionType(t, way.route.member, world) ?? []);
    // The context the handler takes must be declared wherever its type is.
    const ctxAt = way.route.passContext ? way.route.ctxAt : handler.ctxParam === undefined ? handler.ctxIndex : undefined;
    // The dispatcher's own run changes the member types of its module it declares the collection with.
    const own = (t: Node) => way.route.memberTypes.includes(t) && t.getSourceFile() === registrarFile;
    for (const type of [...new Set([...defTypes, ...way.route.memberTypes])].filter((t) => !own(t))) {
      if (seenTypes.has(type)) continue;
      seenTypes.add(type);
      const change = memberTypeChange(type, ctxAt, new Set());
      if ('problem' in change) return { problem: `it is reached through ${where(way)}, and ${change.problem}` };
      if (change.edits.length === 0) continue;
      const file = type.getSourceFile();
      if (file === fn.getSourceFile()) {
        changes.push({ type, ...(ctxAt !== undefined ? { ctxAt } : {}) });
        continue;
      }
      const locator = memberTypeLocator(type);
      const absPath = modulePath(world, file);
      if (!locator || !absPath) return { problem: `it is reached through ${where(way)}, and its declared type in ${path.basename(file.getFilePath())} cannot be named for that module's run` };
      changes.push({ absPath, memberType: ctxAt !== undefined && (type as unknown as { getParameters(): unknown[] }).getParameters().length <= ctxAt ? `${locator}@${ctxAt}` : locator });
    }
    const adapt = way.route.passContext || way.route.holder || way.route.widen.length > 0 || way.route.memberTypes.some((t) => t.getSourceFile() === registrarFile);
    // A registrar of another module that builds the server wires the verify hook with this migration.
    if (!adapt && way.registrar && constructsServer(registrarFile) && !changes.some((c) => 'absPath' in c && c.absPath === way.registrar!.absPath)) {
      changes.push({ absPath: way.registrar.absPath });
    }
    if (!adapt) continue;
    // The dispatcher's own run makes these edits; whether it can is known here already.
    const text = registrarFile.getFullText();
    const check = dispatcherEdits(way.route, { text, style: detectStyle(text), typescript: /\.(m|c)?tsx?$/i.test(registrarFile.getFilePath()), uses: new Set() });
    if ('problem' in check) return { problem: `it is reached through ${where(way)}, which cannot be changed to let its answer through: ${check.problem}` };
    changes.push(way.registrar ? { absPath: way.registrar.absPath, key: way.route.key } : { route: way.route });
  }
  handler.route = { kind: 'dispatch', widen: [], ...(typescript && handler.ctxParam === undefined ? { ctxType: 'ServerContext' } : {}) };
  return { handler, changes };
}

/** The handler one way makes of the function: kind, method, name, where arguments and context arrive. */
function baseHandler(fn: HandlerFunction, way: Way): { handler: HandlerInfo } | { problem: string } {
  const { route, target } = way;
  const name = route.subjectOf(target);
  const params = fn.getParameters();
  if (params.some((p) => p.getDotDotDotToken())) return { problem: `it takes rest parameters, so where the context arrives cannot be told` };
  let handler: HandlerInfo;
  if (!route.via) {
    const registered = registrationHandler(route.registration, fn);
    if (!registered || (registered.kind !== 'tool' && registered.kind !== 'prompt')) return { problem: `it is registered by ${describeRoute(route)}, which is not a tool or prompt registration` };
    handler = { ...registered };
  } else {
    const kind = route.via.kind === 'request' ? METHOD_KINDS[route.via.method] : route.via.kind === 'resource' ? undefined : route.via.kind;
    if (!kind) return { problem: `it answers ${route.via.method}, which a definition's function is not followed for` };
    handler = {
      kind, method: route.via.method, registration: route.registration, form: route.via.form, sdk: 'v2', fn, inline: false, params,
      ctxIndex: route.ctxAt!, ...(params[route.ctxAt!] ? { ctxParam: params[route.ctxAt!] } : {}),
      ...(route.argsAt !== undefined && params[route.argsAt] ? { argsParam: params[route.argsAt] } : {}),
    };
    if (route.argsAt !== undefined && route.argsAt !== 0 && params.length > 0) return { problem: `${describeRoute(route)} does not pass the tool arguments first` };
  }
  delete handler.name;
  delete handler.subjectExpression;
  delete handler.subjectProblem;
  Object.assign(handler, name);
  // A function written in the definition can take the context parameter the dispatcher passes.
  handler.inline = Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn);
  if (handler.ctxParam && !Node.isIdentifier(handler.ctxParam.getNameNode()) && !Node.isObjectBindingPattern(handler.ctxParam.getNameNode())) {
    return { problem: 'its context parameter cannot be read' };
  }
  return { handler };
}

/** The handler a wrapper chain registers, or why it cannot become one. */
function chainHandler(chain: WrapperChain, typescript: boolean): { handler: HandlerInfo } | { problem: string } {
  const where = `${chain.site.getExpression().getText().replace(/\s+/g, '')}(…)`;
  if (chain.problem) return { problem: `it is registered through ${where}, and ${chain.problem}` };
  const registered = registrationHandler(chain.registration, chain.handler);
  if (!registered) return { problem: `it is registered through ${where}, which is not a registration this migration follows` };
  const fn = chain.handler;
  if (fn.getParameters().some((p) => p.getDotDotDotToken())) return { problem: 'it takes rest parameters, so where the context arrives cannot be told' };
  for (const hop of chain.hops) {
    const text = hop.registration.getSourceFile().getFullText();
    const check = dispatcherEdits(hop, { text, style: detectStyle(text), typescript, uses: new Set() });
    if ('problem' in check) return { problem: `it is registered through ${where}, which cannot be changed to let its answer through: ${check.problem}` };
  }
  const handler: HandlerInfo = { ...registered, ctxIndex: chain.ctxIndex, ctxIndexGuessed: false, params: fn.getParameters() };
  delete handler.name;
  delete handler.subjectExpression;
  delete handler.subjectProblem;
  delete handler.ctxParam;
  Object.assign(handler, chain.name);
  if (fn.getParameters()[chain.ctxIndex]) handler.ctxParam = fn.getParameters()[chain.ctxIndex];
  handler.inline = Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn);
  handler.route = { kind: 'dispatch', widen: [] };
  return { handler };
}

function describeRoute(route: DispatchRoute): string {
  if (route.call) return `${route.call.getExpression().getText().replace(/\s+/g, '')}(…)`;
  return `${route.registration.getExpression().getText().replace(/\s+/g, '')}(…, ${route.member})`;
}

/**
 * `ToolDefinition.handler`: the interface or type alias (top-level) and member a declared function
 * type belongs to; `ToolHandler`: a top-level type alias that is the function type.
 */
export function memberTypeLocator(type: Node): string | undefined {
  const alias = type.getParent();
  if (Node.isFunctionTypeNode(type) && alias && Node.isTypeAliasDeclaration(alias) && Node.isSourceFile(alias.getParent())) return alias.getName();
  const member = Node.isMethodSignature(type) ? type : type.getParent();
  if (!member || !(Node.isMethodSignature(member) || Node.isPropertySignature(member))) return undefined;
  const owner = member.getFirstAncestor((a) => Node.isInterfaceDeclaration(a) || Node.isTypeAliasDeclaration(a));
  if (!owner || !(Node.isInterfaceDeclaration(owner) || Node.isTypeAliasDeclaration(owner)) || !Node.isSourceFile(owner.getParent())) return undefined;
  return `${owner.getName()}.${member.getName()}`;
}

/** The absolute path the world knows a module under. */
function modulePath(world: ModuleWorld, file: SourceFile): string | undefined {
  return 'pathOf' in world ? (world as WorldWithFiles).pathOf(file) : undefined;
}

interface WorldWithFiles extends ModuleWorld {
  pathOf(file: SourceFile): string | undefined;
  file(absPath: string): SourceFile | undefined;
}

function fileOf(world: ModuleWorld, absPath: string): SourceFile | undefined {
  return 'file' in world ? (world as WorldWithFiles).file(absPath) : undefined;
}

let sideProject: Project | undefined;

/** Modules of other files parsed apart from the file being transformed (never the same project as helper modules). */
function project(): Project {
  sideProject ??= inMemoryProject();
  return sideProject;
}

/** The world the runner's input describes, this file being the one under transformation. */
function worldOf(ctx: TransformContext, input: RegistrationInput, cleanups: (() => void)[]): WorldWithFiles {
  const files = new Map<string, SourceFile>([[path.normalize(ctx.absPath), ctx.sourceFile]]);
  const paths = new Map<SourceFile, string>([[ctx.sourceFile, path.normalize(ctx.absPath)]]);
  const file = (absPath: string): SourceFile | undefined => {
    const key = path.normalize(absPath);
    let found = files.get(key);
    if (!found && input.modules[key] !== undefined) {
      found = project().createSourceFile(key, input.modules[key], { overwrite: true });
      const parsed = found;
      cleanups.push(() => void (parsed.wasForgotten() || project().removeSourceFile(parsed)));
      files.set(key, found);
      paths.set(found, key);
    }
    return found;
  };
  return {
    file,
    pathOf: (f) => paths.get(f),
    resolve: (from, specifier) => {
      const fromPath = paths.get(from);
      const target = fromPath === undefined ? undefined : input.resolutions[fromPath]?.[specifier];
      return target === undefined ? undefined : file(target);
    },
    modules: () => {
      for (const absPath of Object.keys(input.modules)) file(absPath);
      return [...files.values()];
    },
  };
}

/** The module builds an McpServer or Server itself (where the requestState verify hook goes). */
export function constructsServer(file: SourceFile | undefined): boolean {
  return file !== undefined && /\bnew\s+(McpServer|Server)\s*\(/.test(file.getFullText());
}
