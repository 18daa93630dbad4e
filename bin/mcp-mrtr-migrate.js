#!/usr/bin/env node
// Launcher only: the CLI lives in dist/ (built by `npm install` through the prepare script). V8 is
// tuned before the CLI and the compiler it loads are compiled (see src/v8-tuning.ts).
import { tuneV8 } from '../dist/src/v8-tuning.js';

tuneV8();
const { main } = await import('../dist/src/cli.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`mcp-mrtr-migrate: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 3;
  },
);
