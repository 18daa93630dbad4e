// Our own copy of the v2 SDK's types (`@modelcontextprotocol/server` is a dependency of this package
// for this reason): what upgraded v1 code is checked against (upgrade/v1/handler-results.ts), and
// what the typed view of a file resolves the SDK to where the user's project does not have it yet
// (a v1 project upgraded by this run, or dependencies not installed; step-machine/plan/carried-types.ts).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGES = ['@modelcontextprotocol/server', '@modelcontextprotocol/core'] as const;

let found: { server: string; paths: Record<string, string[]> } | undefined;

function locate(): { server: string; paths: Record<string, string[]> } {
  if (!found) {
    const paths: Record<string, string[]> = {};
    // The core package is the server's own dependency: found from where the server is.
    let from = createRequire(import.meta.url);
    for (const name of PACKAGES) {
      // (Its package.json is not an exported subpath: found above the entry point.)
      const manifestPath = manifestAbove(from.resolve(name));
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: Record<string, { import?: { types?: string } } | string> };
      // Every entry point the package exports with its own types (`…/server/stdio` as well as the root).
      for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
        const types = typeof target === 'object' ? target.import?.types : undefined;
        if (types) paths[subpath === '.' ? name : `${name}/${subpath.slice(2)}`] = [path.join(path.dirname(manifestPath), types)];
      }
      from = createRequire(manifestPath);
    }
    found = { server: paths[PACKAGES[0]]![0]!, paths };
  }
  return found;
}

function manifestAbove(entry: string): string {
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${entry}`);
  }
}

/** The declaration file of the server package's root entry. */
export function bundledServerTypes(): string {
  return locate().server;
}

/** Compiler `paths` that resolve the SDK's packages and entry points to our copy. */
export function bundledSdkPaths(): Record<string, string[]> {
  return locate().paths;
}
