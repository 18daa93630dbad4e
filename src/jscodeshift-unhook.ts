// jscodeshift (unless run with --no-babel) installs @babel/register before it requires a transform,
// with no `only` and an `ignore` list that does not exclude node_modules, so every module the
// transform loads is recompiled by its preset; that preset cannot compile ts-morph (static class
// blocks) and loading our transforms died there. Our dist is JavaScript Node runs as it is, so when
// jscodeshift's hook is installed we remove it before anything else of ours loads. Hence this module
// imports nothing of ours and is the first import of every transform module (the entries jscodeshift
// requires); test/jscodeshift-cli.test.ts runs the real jscodeshift CLI on each.
import { createRequire } from 'node:module';
import path from 'node:path';

const JSCODESHIFT_MAIN = /[\\/]jscodeshift[\\/](?:src[\\/]Worker|bin[\\/]jscodeshift)\.js$/;

function removeJscodeshiftBabelHook(): void {
  const local = createRequire(path.join(process.cwd(), 'index.js'));
  const main = local.main?.filename;
  if (!main || !JSCODESHIFT_MAIN.test(main)) return;
  let registerPath: string;
  try {
    registerPath = createRequire(main).resolve('@babel/register');
  } catch {
    return;
  }
  // Only the hook jscodeshift loaded: with --no-babel it is not in the cache and nothing is done.
  const register = local.cache[registerPath]?.exports as { revert?: () => void } | undefined;
  register?.revert?.();
}

removeJscodeshiftBabelHook();
