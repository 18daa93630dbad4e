// The requestState module the codemod generates once per package (mrtr-state.ts, or mrtr-state.js
// in a JavaScript package). Migrated handlers import the names in STATE_MODULE_EXPORTS from it.
// There is one template, written in TypeScript (state-module-template.ts); the JavaScript module is
// that text with the types stripped by the TypeScript compiler, comments kept.
import { ts } from 'ts-morph';
import { STATE_MODULE_TEMPLATE_TS } from './state-module-template.js';

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

/** Marks a blank line through type stripping (the compiler's printer drops blank lines). */
const BLANK_LINE_MARKER = '//@@mcp-mrtr-migrate-blank-line@@';

/** The module text for a TypeScript or a JavaScript (ESM) package. */
export function renderStateModule(options: { language: 'ts' | 'js' }): string {
  if (options.language === 'ts') return STATE_MODULE_TEMPLATE_TS;
  return stripTypes(STATE_MODULE_TEMPLATE_TS);
}

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
