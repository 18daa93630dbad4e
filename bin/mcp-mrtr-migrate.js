#!/usr/bin/env node
// Launcher only: the CLI lives in dist/ (built by `npm install` through the prepare script).
import { main } from '../dist/src/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`mcp-mrtr-migrate: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 3;
  },
);
