// V8 optimises a function once it has run a fixed amount of bytecode (its interrupt budget). Our
// run is short and spread over thousands of functions (the TypeScript compiler, ts-morph,
// prettier): at V8's default budget it optimises many functions that then run only a little
// longer, and the optimising compiler's background threads cost about as much CPU as the main
// thread. A larger budget optimises only what stays hot (docs/benchmark.md has the figures).
// Only the launcher sets it, before anything large is compiled; the value is passed on in the
// environment so worker threads (which share the flags) and the code cache (whose entries V8
// ties to the flags, see compile-cache.ts) know it is set.
import v8 from 'node:v8';

/** The flags the launcher sets, and the variable that says they are set. */
export const V8_TUNING = '--interrupt-budget=614400';
export const V8_TUNING_VARIABLE = 'MCP_MRTR_MIGRATE_V8_TUNING';

/** Sets V8_TUNING for this process, unless the user chose an interrupt budget (a node flag; NODE_OPTIONS does not take it). */
export function tuneV8(): void {
  if (process.execArgv.some((flag) => /^--interrupt[-_]budget/.test(flag))) return;
  v8.setFlagsFromString(V8_TUNING);
  process.env[V8_TUNING_VARIABLE] = V8_TUNING;
}
