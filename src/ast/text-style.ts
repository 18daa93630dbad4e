// The style of an existing file, so code we generate into it looks like its neighbours when the
// project does not use prettier. Heuristics by majority vote; cheap enough to run on every file.

export interface TextStyle {
  eol: '\n' | '\r\n';
  indentUnit: string;
  quote: "'" | '"';
  semicolons: boolean;
}

/** Used when a file gives no evidence (the shape of the design's examples, and prettier's width). */
const DEFAULT_INDENT = '  ';
const DEFAULT_QUOTE = "'";

export function detectStyle(text: string): TextStyle {
  const lines = text.split(/\r?\n/);
  const code = codeLines(lines);
  return {
    // Any CRLF means the file was written on / for CRLF; mixing in LF lines would be noticed.
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    indentUnit: detectIndent(code),
    quote: detectQuote(text, code),
    semicolons: detectSemicolons(code),
  };
}

/** Lines with block-comment text blanked out (JSDoc bodies would look like 1-space indents). */
function codeLines(lines: string[]): string[] {
  const out: string[] = [];
  let inComment = false;
  for (const line of lines) {
    if (inComment) {
      const end = line.indexOf('*/');
      if (end === -1) {
        out.push('');
        continue;
      }
      inComment = false;
      out.push(' '.repeat(end + 2) + line.slice(end + 2));
      continue;
    }
    const trimmed = line.trimStart();
    if (trimmed.startsWith('/*') && !trimmed.slice(2).includes('*/')) {
      inComment = true;
      out.push('');
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Votes on the whitespace each indentation step adds: a tab, 2 spaces or 4 spaces. */
function detectIndent(lines: string[]): string {
  const votes = new Map<string, number>([
    ['\t', 0],
    ['  ', 0],
    ['    ', 0],
  ]);
  let previous = '';
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (indent.length > previous.length && indent.startsWith(previous)) {
      const step = indent.slice(previous.length);
      if (/^\t+$/.test(step)) votes.set('\t', votes.get('\t')! + 1);
      else if (step === '  ' || step === '    ') votes.set(step, votes.get(step)! + 1);
    }
    previous = indent;
  }
  let best = DEFAULT_INDENT;
  let bestVotes = 0;
  for (const [unit, count] of votes) {
    if (count > bestVotes) {
      best = unit;
      bestVotes = count;
    }
  }
  return best;
}

const IMPORT_QUOTE = [/^\s*import\s*(['"])/, /\bfrom\s*(['"])/, /\brequire\(\s*(['"])/, /\bimport\(\s*(['"])/];

/** Quotes of module specifiers decide; if there are none, every string literal votes. */
function detectQuote(text: string, lines: string[]): "'" | '"' {
  let single = 0;
  let double = 0;
  for (const line of lines) {
    if (!/\b(import|from|require)\b/.test(line)) continue;
    for (const re of IMPORT_QUOTE) {
      const m = re.exec(line);
      if (m) {
        if (m[1] === "'") single++;
        else double++;
        break;
      }
    }
  }
  if (single !== double) return single > double ? "'" : '"';
  const all = countStringQuotes(text);
  if (all.single !== all.double) return all.single > all.double ? "'" : '"';
  return DEFAULT_QUOTE;
}

/**
 * Counts '…' and "…" literals, skipping comments and template literals. A quote that does not close
 * on its line is not a string (JSX text like <p>Don't</p>), so it is not counted.
 */
function countStringQuotes(text: string): { single: number; double: number } {
  let single = 0;
  let double = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === '`') {
      i++;
      while (i < n && text[i] !== '`') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (j < n && text[j] === c) {
        if (c === "'") single++;
        else double++;
        i = j + 1;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  return { single, double };
}

// Lines that are a whole simple statement when they end without an operator or opener.
const STATEMENT_START = /^(import|export|const|let|var|return|throw|break|continue|await|type|debugger)\b|^\}\s*from\b/;
const VALUE_END = /[\w$)\]'"`]$/;

/** Statement lines ending in ';' against statement lines that end without one. */
function detectSemicolons(lines: string[]): boolean {
  let withSemi = 0;
  let without = 0;
  for (const line of lines) {
    // Drop a trailing line comment (a '//' after whitespace; URLs in strings have none before).
    const body = line.replace(/(^|\s)\/\/.*$/, '').trim();
    if (body === '' || body.startsWith('for')) continue;
    if (body.endsWith(';')) {
      withSemi++;
    } else if (/^[}\])]*\)$/.test(body) && body.length > 1) {
      // `})` closing a call: `});` in semicolon style.
      without++;
    } else if (STATEMENT_START.test(body) && VALUE_END.test(body)) {
      without++;
    }
  }
  return without > withSemi ? false : true;
}
