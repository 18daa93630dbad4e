// The user's configuration: `mcp-mrtr-migrate.config.json`, or a "mcp-mrtr-migrate" key in
// package.json, found from the targets upward (or named with --config). Today it declares push
// aliases: framework glue that asks the client under another name (`ctx.elicit`, `this.sample`).
//
//   { "aliases": [ { "call": "ctx.elicit", "kind": "elicitation" },
//                  { "call": "this.sample", "kind": "sampling", "params": "same" } ] }
//
// The file is validated strictly: a typo must stop the run with the file and the problem named,
// never be ignored (an ignored alias would leave its questions unmigrated without a word).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const CONFIG_FILE = 'mcp-mrtr-migrate.config.json';
export const PACKAGE_KEY = 'mcp-mrtr-migrate';

export type AliasKind = 'elicitation' | 'sampling' | 'roots';

/** A call that asks the client like one of the SDK's push methods. */
export interface PushAlias {
  /** The callee as written, dotted: `ctx.elicit`, `this.sample`, `elicit`. */
  call: string;
  kind: AliasKind;
  /**
   * 'same': the call takes the SDK method's arguments (`elicitInput(params, options?)`,
   * `requestSampling(params, options?)`, `listRoots(params?, options?)`) and resolves to its
   * result. The only form supported so far.
   */
  params: 'same';
}

export interface MigrateConfig {
  aliases: PushAlias[];
  /** Where it came from (absolute path of the file; package.json for the key), if anywhere. */
  source?: string;
}

export class ConfigError extends Error {}

const KINDS: readonly AliasKind[] = ['elicitation', 'sampling', 'roots'];
const CALL = /^(?:this|[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*$/;
/** Names the inventory already knows: an alias of them would change what they mean. */
const SDK_METHODS = new Set(['elicitInput', 'requestSampling', 'createMessage', 'listRoots']);

/** Checks a parsed configuration; `source` names it in every error. */
export function parseConfig(value: unknown, source: string): MigrateConfig {
  const fail = (problem: string): never => {
    throw new ConfigError(`${source}: ${problem}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('the configuration must be a JSON object');
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (key !== 'aliases' && key !== '$schema') fail(`unknown key "${key}" (known: aliases)`);
  }
  const list = object.aliases ?? [];
  if (!Array.isArray(list)) fail('"aliases" must be an array');
  const aliases: PushAlias[] = [];
  (list as unknown[]).forEach((entry, i) => {
    const at = `aliases[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(`${at} must be an object like { "call": "ctx.elicit", "kind": "elicitation" }`);
    const alias = entry as Record<string, unknown>;
    for (const key of Object.keys(alias)) {
      if (!['call', 'kind', 'params'].includes(key)) fail(`${at}: unknown key "${key}" (known: call, kind, params)`);
    }
    const { call, kind, params = 'same' } = alias;
    if (typeof call !== 'string' || !CALL.test(call) || call === 'this') {
      fail(`${at}.call must be a callee written as dotted names, like "ctx.elicit", "this.sample" or "elicit" (got ${JSON.stringify(call)})`);
    }
    const name = (call as string).split('.').pop()!;
    if (SDK_METHODS.has(name)) fail(`${at}.call "${call}" ends in the SDK method ${name}, which is recognised without configuration`);
    if (!KINDS.includes(kind as AliasKind)) fail(`${at}.kind must be one of ${KINDS.map((k) => `"${k}"`).join(', ')} (got ${JSON.stringify(kind)})`);
    if (params !== 'same') {
      fail(`${at}.params must be "same" (the call takes the SDK method's arguments and returns its result); other parameter shapes are not supported (got ${JSON.stringify(params)})`);
    }
    if (aliases.some((a) => a.call === call)) fail(`${at}: "${call}" is declared twice`);
    aliases.push({ call: call as string, kind: kind as AliasKind, params: 'same' });
  });
  return { aliases, source };
}

/** Reads and checks a configuration file (`--config`, or the one found). */
export function readConfigFile(file: string): MigrateConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: cannot read the configuration (${error instanceof Error ? error.message : String(error)})`);
  }
  const json = parseJson(text, file);
  if (path.basename(file) === 'package.json') {
    const section = (json as Record<string, unknown> | null)?.[PACKAGE_KEY];
    if (section === undefined) throw new ConfigError(`${file}: has no "${PACKAGE_KEY}" key`);
    return parseConfig(section, `${file} ("${PACKAGE_KEY}")`);
  }
  return { ...parseConfig(json, file), source: file };
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * The configuration for one target: the nearest `mcp-mrtr-migrate.config.json`, or package.json
 * with a "mcp-mrtr-migrate" key, from the target's folder upward. The search stops at the git root
 * (the folder holding `.git`); outside git, at the package root (the nearest package.json).
 * Returns the file that holds it (undefined: none).
 */
export function findConfigFile(target: string): string | undefined {
  let dir = existsSync(target) && statSync(target).isDirectory() ? target : path.dirname(target);
  const gitRoot = enclosing(dir, (d) => existsSync(path.join(d, '.git')));
  const stop = gitRoot ?? enclosing(dir, (d) => existsSync(path.join(d, 'package.json')));
  for (;;) {
    const file = path.join(dir, CONFIG_FILE);
    const manifest = path.join(dir, 'package.json');
    const inManifest = existsSync(manifest) && hasPackageKey(manifest);
    if (existsSync(file)) {
      if (inManifest) throw new ConfigError(`${file}: ${manifest} declares a "${PACKAGE_KEY}" key too; keep one of the two`);
      return file;
    }
    if (inManifest) return manifest;
    const parent = path.dirname(dir);
    if (dir === stop || parent === dir || stop === undefined) return undefined;
    dir = parent;
  }
}

function hasPackageKey(manifest: string): boolean {
  try {
    const json = JSON.parse(readFileSync(manifest, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown> | null;
    return typeof json === 'object' && json !== null && PACKAGE_KEY in json;
  } catch {
    // A broken package.json is reported by the steps that need it, not as a configuration.
    return false;
  }
}

function enclosing(dir: string, test: (dir: string) => boolean): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    if (test(d)) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * The configuration of a run: the `--config` file when given, else the one found for the targets.
 * Targets that find different files are an error (one run, one set of aliases).
 */
export function loadConfig(options: { cwd: string; paths: string[]; configFile?: string }): MigrateConfig {
  if (options.configFile !== undefined) return readConfigFile(path.resolve(options.cwd, options.configFile));
  const found = new Set<string>();
  for (const target of options.paths.length > 0 ? options.paths : ['.']) {
    const file = findConfigFile(path.resolve(options.cwd, target));
    if (file) found.add(file);
  }
  if (found.size > 1) {
    throw new ConfigError(`the targets use different configuration files (${[...found].join(', ')}); run them separately or pass --config <file>`);
  }
  const [file] = found;
  return file ? readConfigFile(file) : { aliases: [] };
}
