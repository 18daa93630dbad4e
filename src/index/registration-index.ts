// The project-level index of registrations (cross-file mode): which functions of which files a
// registration in another file hands tools/call or prompts/get to through a tool definition — an
// object gathered in an array or table of another module, a factory's result, a subclass of a
// base class that registers itself (analysis/dispatch-routes.ts). Each file holding such a function
// gets the texts of the registrar and of the modules on the way, and how their imports resolve:
// its own run finds the same routes again, with itself as the module under transformation.
import path from 'node:path';
import { Node, Project, ts, type SourceFile } from '../ts-morph.js';
import { declaredDefinitionTypes, memberFunctionType, valueOf, type ModuleWorld } from '../analysis/definitions.js';
import { dispatchRoutes, type DispatchRoute } from '../analysis/dispatch-routes.js';
import { v1Surface } from '../analysis/push-sites.js';
import type { RegistrationInput } from '../step-machine/recognise/remote-handlers.js';

export interface RegistrationIndexOptions {
  /** The text of a file of the run (candidate or not); undefined outside the run. */
  read(absPath: string): string | undefined;
  /** Where `specifier` imported from `from` leads, as the compiler resolves it; undefined outside the run. */
  resolve(from: string, specifier: string): string | undefined;
  /** The files a registration may be in (the run's candidates). */
  candidates: readonly { absPath: string; text: string }[];
  /** The run upgrades this v1 file to v2 before migrating it. */
  upgraded(text: string): boolean;
  /** Files the definitions may be in that can ask (their text), others are left out. */
  mayAsk(absPath: string, text: string): boolean;
  /** Files of the run that build an McpServer or Server, with the modules of the run they import. */
  serverBuilders: readonly { absPath: string; imports: readonly string[] }[];
}

export interface RegistrationIndex {
  /** Per file holding functions reached from registrations of other files. */
  inputs: Map<string, RegistrationInput>;
  stats: { registrars: number; parsed: number; reached: number };
}

/** A registration that hands the call on to something (a member call or a member value). */
const REGISTRATION = /\.\s*(registerTool|registerPrompt|tool|prompt|setRequestHandler)\s*[(<]/;

/** The modules parsed for the index (in one in-memory project), and the world routes are followed in. */
interface ParsedModules {
  files: Map<string, SourceFile>;
  paths: Map<SourceFile, string>;
  parse: (absPath: string) => SourceFile | undefined;
  world: ModuleWorld;
  /** The candidates that extend a class (subclasses of a base class may sit in any of them). */
  extending: readonly { absPath: string; text: string }[];
  /** What the current registrar's routes went through: files and resolved imports. */
  trail: { visited: Set<string>; resolutions: Record<string, Record<string, string>> };
}

export function buildRegistrationIndex(options: RegistrationIndexOptions): RegistrationIndex {
  const stats = { registrars: 0, parsed: 0, reached: 0 };
  const modules = parsedModules(options, stats);
  const inputs = new Map<string, RegistrationInput>();
  /**
   * A registrar whose routes cannot leave its own file (whose targets its own run finds): no module
   * of the run it imports resolves, no other candidate extends a class, and no module was parsed
   * yet. Not parsed (on a one-file run, the whole index).
   */
  const reachesNothingElse = (candidate: { absPath: string; text: string }): boolean => {
    const key = path.normalize(candidate.absPath);
    if (modules.files.size > 0 || modules.extending.some((c) => path.normalize(c.absPath) !== key)) return false;
    const imported = ts.preProcessFile(candidate.text, true, true).importedFiles;
    return imported.every((i) => options.resolve(key, i.fileName) === undefined);
  };
  for (const candidate of options.candidates) {
    if (!REGISTRATION.test(candidate.text)) continue;
    if (reachesNothingElse(candidate)) continue;
    const file = modules.parse(candidate.absPath);
    if (!file) continue;
    modules.trail = { visited: new Set(), resolutions: {} };
    const routes = dispatchRoutes(file, modules.world);
    const registrar = { file, path: modules.paths.get(file)!, v1: v1Surface(file).server && !options.upgraded(candidate.text) };
    for (const route of routes) {
      for (const target of route.targets) recordTarget(modules, options, inputs, stats, registrar, route, target);
    }
    if (routes.length > 0) stats.registrars++;
  }
  // The project is this call's own and nothing of it is returned: it goes with it. (Removing its
  // files would make ts-morph forget every wrapped node one by one, for nothing.)
  return { inputs, stats };
}

function parsedModules(options: RegistrationIndexOptions, stats: RegistrationIndex['stats']): ParsedModules {
  // Created with the first file parsed (a run whose registrars reach nothing else parses none).
  let project: Project | undefined;
  const files = new Map<string, SourceFile>();
  const paths = new Map<SourceFile, string>();
  const parse = (absPath: string): SourceFile | undefined => {
    const key = path.normalize(absPath);
    let file = files.get(key);
    if (file) return file;
    const text = options.read(key);
    if (text === undefined) return undefined;
    stats.parsed++;
    project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 } });
    file = project.createSourceFile(key, text, { overwrite: true });
    files.set(key, file);
    paths.set(file, key);
    return file;
  };
  let extenders: SourceFile[] | undefined;
  const extending = options.candidates.filter((c) => /\bextends\b/.test(c.text));
  const modules: ParsedModules = {
    files,
    paths,
    parse,
    extending,
    trail: { visited: new Set(), resolutions: {} },
    world: {
      resolve: (from, specifier) => {
        const fromPath = paths.get(from);
        const target = fromPath === undefined ? undefined : options.resolve(fromPath, specifier);
        const file = target === undefined ? undefined : parse(target);
        if (file && fromPath !== undefined) {
          modules.trail.visited.add(paths.get(file)!);
          (modules.trail.resolutions[fromPath] ??= {})[specifier] = paths.get(file)!;
        }
        return file;
      },
      modules: () => {
        extenders ??= extending.flatMap((c) => parse(c.absPath) ?? []);
        return [...new Set([...extenders, ...files.values()])];
      },
    },
  };
  return modules;
}

/** Gives the file of a function a registrar's route reaches what its own run needs to find the route again. */
function recordTarget(
  modules: ParsedModules,
  options: RegistrationIndexOptions,
  inputs: Map<string, RegistrationInput>,
  stats: RegistrationIndex['stats'],
  registrar: { file: SourceFile; path: string; v1: boolean },
  route: DispatchRoute,
  target: DispatchRoute['targets'][number],
): void {
  const { files, paths, world } = modules;
  const file = target.fn.getSourceFile();
  const defPath = paths.get(file);
  if (defPath === undefined || file === registrar.file || !options.mayAsk(defPath, file.getFullText())) return;
  stats.reached++;
  // The types the definition is declared with are followed too (its own run widens them).
  for (const type of declaredDefinitionTypes(target.definition)) memberFunctionType(type, route.member, world);
  // A subclass needs the classes between it and the base; a definition, what the collection went through.
  const needed = new Set([registrar.path, ...(route.byInheritance ? heritageFiles(target, route, paths, world) : modules.trail.visited)]);
  needed.delete(defPath);
  const input = inputs.get(defPath) ?? { modules: {}, resolutions: {}, registrars: [] };
  for (const module of needed) input.modules[module] ??= files.get(module)!.getFullText();
  for (const [from, map] of Object.entries(modules.trail.resolutions)) Object.assign((input.resolutions[from] ??= {}), map);
  if (!input.registrars.some((r) => r.absPath === registrar.path)) input.registrars.push({ absPath: registrar.path, v1: registrar.v1 });
  // Where the server these handlers serve is built: a module building one that imports the
  // registrar or a module on the way (wiring the verify hook on a server is harmless anyway).
  const involved = new Set([registrar.path, defPath, ...needed]);
  for (const builder of options.serverBuilders) {
    if (builder.absPath === defPath || !(builder.absPath === registrar.path || builder.imports.some((i) => involved.has(path.normalize(i))))) continue;
    input.servers ??= [];
    if (!input.servers.includes(builder.absPath)) input.servers.push(builder.absPath);
  }
  inputs.set(defPath, input);
}

/** For a subclass reached from its base class: the modules of the classes in between (its own run must see them). */
function heritageFiles(target: DispatchRoute['targets'][number], route: DispatchRoute, paths: Map<SourceFile, string>, world: ModuleWorld): string[] {
  if (target.definition.kind !== 'class') return [];
  const base = route.via?.fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  const found: string[] = [];
  for (let cls: Node | undefined = target.definition.node, depth = 0; cls && cls !== base && depth < 8; depth++) {
    if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) break;
    const known = paths.get(cls.getSourceFile());
    if (known !== undefined) found.push(known);
    const heritage: Node | undefined = cls.getExtends()?.getExpression();
    cls = heritage ? valueOf(heritage, world) : undefined;
  }
  return found;
}
