// The fuzzer's judges can fail: transforms with a planted defect of each kind are caught by the
// property they break, and shrinking keeps what makes a case fail while dropping the rest.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RuleId, Transform, TransformContext } from '../../src/types.js';
import { SdkTypecheck } from '../helpers/sdk-typecheck.js';
import { PropertyCheck, type Property } from './properties.js';
import type { Seed } from './seeds.js';
import { shrink } from './shrink.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const archived = new Set<string>();

server.registerTool('archive', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const note = id.trim();
  const answer = await ctx.mcpReq.elicitInput({
    message: \`Archive \${note}?\`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
  archived.add(note);
  return { content: [{ type: 'text', text: \`Archived \${note}\` }] };
});

server.registerTool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
`;

const seed: Seed = {
  id: 'test/fuzz/planted.ts',
  absPath: path.join(ROOT, 'test', 'fuzz', 'planted.ts'),
  text: SERVER,
  aliases: [],
  typescript: true,
};

/**
 * A transform that replaces the first occurrence of `find` (when present) and reports what
 * `findings` says. It stands in for the step machine (whose output the half-migrated check judges).
 */
function planted(find: string, replace: string | ((ctx: TransformContext) => never), findings: (text: string) => string[] = () => []): Transform {
  return {
    id: 'step-machine',
    title: 'planted defect',
    description: 'a transform with a planted defect',
    run(ctx) {
      const at = ctx.text.indexOf(find);
      const edits = at === -1 ? [] : [{ start: at, end: at + find.length, text: typeof replace === 'string' ? replace : replace(ctx) }];
      return { edits, findings: findings(ctx.text).map((message) => ({ rule: 'planted' as RuleId, severity: 'warning' as const, pos: 0, message, marker: false })) };
    },
  };
}

function properties(transform: Transform, text = SERVER): Property[] {
  const [verdict] = new PropertyCheck([transform]).evaluate([{ seed, text }]);
  return verdict.failures.map((f) => f.property);
}

describe('the fuzzer catches each kind of wrong migration', () => {
  it('a correct rewrite passes', () => {
    expect(properties(planted("text: 'pong'", "text: 'pong!'"))).toEqual([]);
  });

  it('crash', () => {
    expect(properties(planted('pong', () => { throw new Error('boom'); }))).toEqual(['crash']);
  });

  it('parse', () => {
    expect(properties(planted("text: 'pong'", "text: 'pong"))).toEqual(['parse']);
  });

  it('typecheck, only when the input typechecked', () => {
    expect(properties(planted("text: 'pong'", 'text: 42'))).toEqual(['typecheck']);
    const broken = SERVER.replace("text: 'Kept'", 'text: 1');
    expect(properties(planted("text: 'pong'", 'text: 42'), broken)).toEqual([]);
  });

  it('unused: a local the output adds and never reads, only when the input typechecked', () => {
    const addsUnread = () => planted('const archived = new Set<string>();', 'const archived = new Set<string>(), unread = 0;');
    expect(properties(addsUnread())).toEqual(['unused']);
    const broken = SERVER.replace("text: 'Kept'", 'text: 1');
    expect(properties(addsUnread(), broken)).toEqual([]);
  });

  it('idempotent: a second run that changes the text, or reports something new', () => {
    expect(properties(planted('pong', 'pong pong'))).toEqual(['idempotent']);
    expect(properties(planted("'pong'", "'pang'", (text) => (text.includes("'pang'") ? ['pang seen'] : [])))).toEqual(['idempotent']);
  });

  it('half-migrated: a push call left in a function that returns inputRequired, or a handler with its push call changed', () => {
    expect(properties(planted('const note = id.trim();', 'const note = id.trim();\n  if (!note) return inputRequired({});'))).toContain('half-migrated');
    expect(properties(planted('const note = id.trim();', 'const note = id.trim().toLowerCase();'))).toEqual(['half-migrated']);
  });
});

describe('a TypeScript checker that throws', () => {
  // A stand-in for the compiler's own "Debug Failure" exceptions: it throws on any batch holding a
  // text that contains `trigger`, and checks the rest with the real checker.
  function throwingOn(trigger: string): Pick<SdkTypecheck, 'check'> {
    const real = new SdkTypecheck();
    return {
      check(files) {
        if ([...files.values()].some((text) => text.includes(trigger))) throw new Error('Debug Failure. No error for last overload signature');
        return real.check(files);
      },
    };
  }
  it('costs the verdict of the file it threw on, not the batch: a failure when only the output makes it throw', () => {
    // Both files are changed; only the one whose pong reply says 'bang' gets 'boom'.
    const check = new PropertyCheck([planted("'pong'", "'boom'"), planted("'bang'", "'bang!'")], throwingOn("'boom'"));
    const fine = { seed, text: SERVER.replace("'pong'", "'bang'") };
    const [thrown, kept] = check.evaluate([{ seed, text: SERVER }, fine]);
    expect(thrown.failures).toEqual([{ property: 'typecheck', kind: 'checker crash', message: expect.stringContaining('No error for last overload signature') }]);
    expect(kept.failures).toEqual([]);
    expect(kept.changed).toBe(true);
  });

  it('no failure when the input does not typecheck', () => {
    const check = new PropertyCheck([planted("'pong'", "'boom'")], throwingOn("'boom'"));
    const [verdict] = check.evaluate([{ seed, text: SERVER.replace("text: 'Kept'", 'text: 1') }]);
    expect(verdict.failures).toEqual([]);
    expect(verdict.inputTypechecks).toBe(false);
  });

  it('no failure when the input makes it throw too', () => {
    const input = SERVER.replace("'Kept'", "'boom'");
    const check = new PropertyCheck([planted("text: 'pong'", "text: 'pong!'")], throwingOn("'boom'"));
    const [verdict] = check.evaluate([{ seed, text: input }], { checkInputs: true });
    expect(verdict.failures).toEqual([]);
    expect(verdict.inputTypechecks).toBe(false);
  });
});

describe('shrink', () => {
  it('drops what does not matter to the failure and keeps what does', () => {
    // Not idempotent: every run appends to the version again.
    const check = new PropertyCheck([planted("'1.0.0'", "'1.0.0' + '.1'")]);
    const [verdict] = check.evaluate([{ seed, text: SERVER }]);
    expect(verdict.failures.map((f) => f.kind)).toEqual(['changed by a second run']);
    const shrunk = shrink({ seed, text: SERVER }, verdict.failures[0], check);
    expect(shrunk.text).toContain("'1.0.0'");
    expect(shrunk.text).not.toContain("'ping'");
    expect(shrunk.text).not.toContain('requestedSchema');
    expect(shrunk.text.length).toBeLessThan(SERVER.length / 2);
    expect(shrunk.failure.kind).toBe('changed by a second run');
  });
});
