// The requestState module the codemod generates once per package (mrtr-state.ts, or mrtr-state.js
// in a JavaScript package). Migrated handlers import the names in STATE_MODULE_EXPORTS from it.
// There is one template, written in TypeScript (state/state-module-template.ts), with whole-line
// directives for the two protections (sealed: AES-256-GCM; signed: the SDK's HMAC codec). The
// TypeScript module is the template with the other protection's lines and the directives removed;
// the JavaScript module is that text with the types stripped by the TypeScript compiler, comments
// kept. Stripping costs a compile (about 0.2 s per thread): the build does it ahead (see
// prerenderedJavaScript), and a run does it only when the build's copy is missing or stale.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ts } from '../ts-morph.js';
import { STATE_MODULE_TEMPLATE } from './state-module-template.js';

/** File name of the generated module, without extension. */
export const STATE_MODULE_BASENAME = 'mrtr-state';

/** The names migrated code may import from the generated module. */
export const STATE_MODULE_EXPORTS: readonly string[] = Object.freeze([
  'mrtrState',
  'elicitAnswer',
  'samplingAnswer',
  'rootsAnswer',
  'clientCapabilities',
]);

/**
 * The names the server's own setup code may import from the generated module (migrated handlers
 * never do): `useReplayStore` and `useLargeStateStore`, which plug in stores all instances share.
 */
export const STATE_MODULE_SETUP_EXPORTS: readonly string[] = Object.freeze(['useReplayStore', 'useLargeStateStore']);

/**
 * How the generated module protects requestState:
 * - `sealed`: AES-256-GCM, the client sees an opaque token (the default);
 * - `signed`: the SDK's HMAC-SHA256 codec, the client can read everything the state carries.
 */
export type StateProtection = 'sealed' | 'signed';

/** Every protection, for option validation (`--state-protection`). */
export const STATE_PROTECTIONS: readonly StateProtection[] = Object.freeze(['sealed', 'signed'] as const);

export const DEFAULT_STATE_PROTECTION: StateProtection = 'sealed';

/** `value` as a StateProtection, or undefined when it names none (case-sensitive, like the other options). */
export function parseStateProtection(value: string): StateProtection | undefined {
  return (STATE_PROTECTIONS as readonly string[]).includes(value) ? (value as StateProtection) : undefined;
}

/** The module text for a TypeScript or a JavaScript (ESM) package; `protection` defaults to `sealed`. */
export function renderStateModule(options: { language: 'ts' | 'js'; protection?: StateProtection }): string {
  const protection = options.protection ?? DEFAULT_STATE_PROTECTION;
  if (!STATE_PROTECTIONS.includes(protection)) throw new TypeError(`unknown state protection: ${String(protection)}`);
  const key = `${options.language} ${protection}`;
  let text = rendered.get(key);
  if (text === undefined) {
    const typescript = selectProtection(STATE_MODULE_TEMPLATE, protection);
    text = options.language === 'ts' ? typescript : prerenderedJavaScript()?.[protection] ?? stripTypes(typescript);
    rendered.set(key, text);
  }
  return text;
}

/** The texts rendered in this thread: the same for every package of a run (stripping types takes a compile). */
const rendered = new Map<string, string>();

/** The build's JavaScript modules, beside the compiled state-module.js (scripts/prerender-state-modules.mjs writes it). */
export const PRERENDERED_JAVASCRIPT = new URL('./state-module-js.json', import.meta.url);

/** What PRERENDERED_JAVASCRIPT holds: the JavaScript module per protection, and the template they were made from. */
export interface PrerenderedJavaScript {
  template: string;
  js: Record<StateProtection, string>;
}

/** The template's digest: a prerendered module counts only when made from this very template. */
function templateDigest(): string {
  return createHash('sha256').update(STATE_MODULE_TEMPLATE).digest('hex');
}

/** The JavaScript modules, rendered now (for the build to keep). */
export function renderJavaScriptModules(): PrerenderedJavaScript {
  const js = Object.fromEntries(STATE_PROTECTIONS.map((p) => [p, stripTypes(selectProtection(STATE_MODULE_TEMPLATE, p))])) as Record<StateProtection, string>;
  return { template: templateDigest(), js };
}

/** The build's JavaScript modules; undefined when there are none (running from source) or they were made from another template. */
function prerenderedJavaScript(): Record<StateProtection, string> | undefined {
  let json: string;
  try {
    json = readFileSync(PRERENDERED_JAVASCRIPT, 'utf8');
  } catch {
    return undefined;
  }
  return prerenderedFrom(json);
}

/** The modules a PRERENDERED_JAVASCRIPT text holds, when made from this template; else undefined. */
export function prerenderedFrom(json: string): Record<StateProtection, string> | undefined {
  try {
    const kept = JSON.parse(json) as Partial<PrerenderedJavaScript> | null;
    const js = kept?.js;
    if (kept?.template !== templateDigest() || !js || !STATE_PROTECTIONS.every((p) => typeof js[p] === 'string')) return undefined;
    return js;
  } catch {
    return undefined;
  }
}

const DIRECTIVE = /^\s*\/\/@@(?:if (sealed|signed)|(else)|(end))\s*$/;

/**
 * Keeps the lines of one protection: `//@@if <p>` … [`//@@else` …] `//@@end`, whole lines, not
 * nested. Throws on a malformed template (a test renders both protections, so it cannot ship).
 */
export function selectProtection(template: string, protection: StateProtection): string {
  const out: string[] = [];
  let region: { protection: string; inElse: boolean } | undefined;
  template.split('\n').forEach((line, index) => {
    const directive = DIRECTIVE.exec(line);
    if (directive === null) {
      if (line.includes('//@@')) throw new Error(`state module template line ${index + 1}: unknown directive: ${line.trim()}`);
      const kept = region === undefined || (region.protection === protection) !== region.inElse;
      if (kept) out.push(line);
      return;
    }
    const [, opened, otherwise, end] = directive;
    if (opened !== undefined) {
      if (region !== undefined) throw new Error(`state module template line ${index + 1}: nested //@@if`);
      region = { protection: opened, inElse: false };
    } else if (otherwise !== undefined) {
      if (region === undefined || region.inElse) throw new Error(`state module template line ${index + 1}: stray //@@else`);
      region.inElse = true;
    } else if (end !== undefined) {
      if (region === undefined) throw new Error(`state module template line ${index + 1}: stray //@@end`);
      region = undefined;
    }
  });
  if (region !== undefined) throw new Error('state module template: //@@if without //@@end');
  return out.join('\n');
}

/**
 * Whether a value carried in requestState looks like a secret, by its name (`apiToken`,
 * `db_password`, `credentials`, `privateKey`) or the name of its declared type (`Credentials`,
 * `AccessToken`). For the `state-carries-sensitive-value` finding when the protection is `signed`
 * (the client can read a signed state). Word-based, so `keyboard` or `author` do not match, and
 * LLM token counts (`maxTokens`, `tokenCount`, `inputTokens`) and mere references to a secret
 * (`secretName`, `keyId`, `credentialsPath`) are not flagged.
 */
export function isSensitiveStateValue(name: string, typeText?: string): boolean {
  if (looksSensitive(words(name))) return true;
  if (typeText === undefined) return false;
  // Every identifier in the type text (`Promise<AccessToken>`, `{ password: string }`, `Credentials[]`).
  return (typeText.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []).some((identifier) => looksSensitive(words(identifier)));
}

/** Words, or two adjacent words written together (`api` `key` → `apikey`), that name a secret. */
const SECRET_WORDS = new Set([
  'secret', 'secrets', 'password', 'passwords', 'passwd', 'pwd', 'passphrase', 'credential', 'credentials',
  'creds', 'token', 'tokens', 'jwt', 'cookie', 'cookies', 'bearer', 'authorization', 'otp', 'totp', 'pin',
  'ssn', 'cvv', 'cvc', 'apikey', 'apikeys', 'privatekey', 'secretkey', 'signingkey', 'accesskey',
  'encryptionkey', 'masterkey', 'sessionkey', 'hmackey', 'sshkey', 'authinfo', 'authheader', 'sessioncookie',
]);
/** Words that make a name a count, a limit or a reference rather than the secret itself. */
const NOT_THE_SECRET = new Set([
  'count', 'counts', 'max', 'min', 'total', 'limit', 'limits', 'usage', 'budget', 'length', 'num', 'number',
  'input', 'output', 'prompt', 'completion', 'estimated', 'remaining', 'used', 'id', 'ids', 'name', 'names',
  'type', 'kind', 'path', 'file', 'ref', 'url', 'uri', 'expiry', 'expires', 'expiration', 'ttl', 'policy',
  'required', 'hint', 'label', 'field', 'scope', 'scopes', 'endpoint',
]);

function looksSensitive(parts: string[]): boolean {
  if (parts.some((part) => NOT_THE_SECRET.has(part))) return false;
  return parts.some((part, index) => SECRET_WORDS.has(part) || SECRET_WORDS.has(part + (parts[index + 1] ?? '')));
}

/** Lower-case words of an identifier: camelCase, PascalCase, snake_case, kebab-case, digits dropped. */
function words(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

/** Marks a blank line through type stripping (the compiler's printer drops blank lines). */
const BLANK_LINE_MARKER = '//@@mcp-mrtr-migrate-blank-line@@';

/** The module text for a TypeScript or a JavaScript (ESM) package. */

function stripTypes(source: string): string {
  const marked = source
    .split('\n')
    .map((line) => (line.trim() === '' ? BLANK_LINE_MARKER : line))
    .join('\n');
  const { outputText, diagnostics } = ts.transpileModule(marked, {
    fileName: `${STATE_MODULE_BASENAME}.ts`,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      removeComments: false,
      sourceMap: false,
      newLine: ts.NewLineKind.LineFeed,
    },
  });
  if (diagnostics !== undefined && diagnostics.length > 0) {
    const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    throw new Error(`state module template does not transpile: ${messages.join('; ')}`);
  }
  const lines = outputText.split('\n').map((line) => {
    if (line.trim() === BLANK_LINE_MARKER) return '';
    // The printer indents with four spaces per level; the template uses two.
    return line.replace(/^(?: {4})+/, (indent) => ' '.repeat(indent.length / 2));
  });
  return `${restoreTemplateLayout(lines).join('\n')}\n`;
}

/**
 * Undoes the printer's layout changes where the template is written differently: a one-statement
 * `if (…)` / `for (…)` body back on the line of its head, `} catch {` / `} else {` on one line,
 * no trailing comma in a one-line import list, and no runs of blank lines (left where type-only
 * declarations were removed).
 */
function restoreTemplateLayout(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const next = lines[i + 1];
    const head = /^(\s*)(?:if|for|else if) \(.*\)$/.exec(line);
    if (head && next !== undefined && next.startsWith(`${head[1]}  `) && /^\s*[^\s].*;$/.test(next)) {
      const after = lines[i + 2];
      const bodyIsOneLine = after === undefined || !after.startsWith(`${head[1]}  `);
      if (bodyIsOneLine) {
        line = `${line} ${next.trim()}`;
        i++;
      }
    }
    const previous = out[out.length - 1];
    const continuation = /^(\s*)(catch|else|finally)\b/.exec(line);
    if (continuation && previous !== undefined && previous === `${continuation[1]}}`) {
      out[out.length - 1] = `${previous} ${line.trim()}`;
      continue;
    }
    if (line === '' && (out.length === 0 || previous === '')) continue;
    out.push(line.replace(/^(import \{.*), \} from /, '$1 } from '));
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}
