// What a module specifier names, read from its spelling alone.

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`, `zod/v4` → `zod`); undefined for a path or `node:` builtin. */
export function packageNameOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
