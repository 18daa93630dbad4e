// Names in generated code: input keys in snake_case named after what is asked, locals in camelCase.

/** `githubLogin` → `github_login`, `user-name` → `user_name`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** `github_login` → `githubLogin`. */
export function camelCase(name: string): string {
  const parts = snakeCase(name).split('_').filter(Boolean);
  if (parts.length === 0) return 'value';
  const out = parts[0] + parts.slice(1).map((p) => p[0].toUpperCase() + p.slice(1)).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

/** `list-workspaces` → `ListWorkspaces`. */
export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel[0].toUpperCase() + camel.slice(1);
}

/** Picks `base`, else `base_2`, `base_3`… not in `taken`; records the choice. */
export function uniqueName(base: string, taken: Set<string>, separator = '_'): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${separator}${i}`;
  taken.add(name);
  return name;
}
