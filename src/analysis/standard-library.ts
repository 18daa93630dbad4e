// The standard library the view alone (carried-types.ts) is checked with. Checking the file against
// the whole ES5 library costs about 150 ms of a one-file run: its typed arrays, Intl, Math and JSON
// are parsed, bound and checked, though no question types-alone.ts admits can read them (a name
// that is not declared in the file must be one of its STANDARD_TYPES). This keeps the declarations
// of those types, of the globals the checker itself looks up, and of every name they mention,
// verbatim: each kept type has exactly the members it has in the ES5 library.
import { createRequire } from 'node:module';

/** Globals the checker reads on its own (literals, functions, templates, await, async functions). */
const CHECKER_GLOBALS = [
  'Array', 'ReadonlyArray', 'Object', 'Function', 'CallableFunction', 'NewableFunction', 'String', 'Number',
  'Boolean', 'RegExp', 'Symbol', 'IArguments', 'TemplateStringsArray', 'ThisType', 'Promise', 'PromiseLike',
  'PromiseConstructorLike', 'Awaited',
];

const ES5 = 'lib.es5.d.ts';

/**
 * The ES5 library cut to `roots`, the checker's own globals and what they mention; undefined when
 * the library's text is not split as expected (the caller then uses the whole library).
 */
export function trimmedStandardLibrary(roots: Iterable<string>): string | undefined {
  const text = es5Text();
  const declarations = text === undefined ? undefined : topLevelDeclarations(text);
  if (!declarations) return undefined;
  const byName = new Map<string, string[]>();
  for (const declaration of declarations) {
    const name = declaredName(declaration);
    if (name === undefined) return undefined;
    byName.set(name, [...(byName.get(name) ?? []), declaration]);
  }
  const kept = new Set<string>();
  const queue = [...CHECKER_GLOBALS, ...roots];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (kept.has(name) || !byName.has(name)) continue;
    kept.add(name);
    for (const declaration of byName.get(name)!) queue.push(...(declaration.match(/[A-Za-z_$][\w$]*/g) ?? []));
  }
  // In the library's order: merged declarations (`interface String` twice) stay in theirs.
  return declarations.filter((d) => kept.has(declaredName(d)!)).join('\n');
}

let libFiles: ReadonlyMap<string, string> | undefined;

/**
 * TypeScript's library files (`lib.es5.d.ts` → text) as ts-morph's in-memory file system serves
 * them (comments and line breaks already gone): its TypeScript has none on disk. Read once.
 */
export function typescriptLibFiles(): ReadonlyMap<string, string> {
  if (!libFiles) {
    const fromTsMorph = createRequire(createRequire(import.meta.url).resolve('ts-morph'));
    const common = fromTsMorph('@ts-morph/common') as { getLibFiles?: () => { fileName: string; text: string }[] };
    libFiles = new Map((common.getLibFiles?.() ?? []).map((f) => [f.fileName, f.text]));
  }
  return libFiles;
}

/** The ES5 library ts-morph serves. */
function es5Text(): string | undefined {
  return typescriptLibFiles().get(ES5);
}

/**
 * The library's top-level declarations: an interface or namespace ends at its closing brace, any
 * other at the `;` outside brackets. `/// <reference lib>` lines (the decorators) are left out: no
 * question reads them. Undefined when text is left over (a form this split does not know).
 */
function topLevelDeclarations(text: string): string[] | undefined {
  const body = text.split('\n').filter((line) => !line.startsWith('///')).join('\n');
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      const end = body.indexOf(ch, i + 1);
      if (end < 0) return undefined;
      i = end;
    } else if (ch === '{' || ch === '(' || ch === '[') {
      depth++;
    } else if (ch === '}' || ch === ')' || ch === ']') {
      depth--;
      if (depth < 0) return undefined;
      if (depth === 0 && ch === '}' && /^\s*(declare\s+)?(interface|namespace)\b/.test(body.slice(start, i))) {
        found.push(body.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (ch === ';' && depth === 0) {
      found.push(body.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return body.slice(start).trim() === '' && depth === 0 ? found.filter((d) => d !== '') : undefined;
}

function declaredName(declaration: string): string | undefined {
  return /^(?:declare\s+)?(?:interface|type|var|let|const|function|namespace)\s+([A-Za-z_$][\w$]*)/.exec(declaration)?.[1];
}

/**
 * Standard-library types a spelled-out type may use. The libraries the full view adds (the DOM,
 * @types/node) merge nothing into these that the questions asked read (their element and
 * property types, their printed names).
 */
export const STANDARD_TYPES: ReadonlySet<string> = new Set(['Array', 'ReadonlyArray', 'Promise', 'Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable']);
