// src/ast/exports.ts answers isExported() / isDefaultExport() from syntax; ts-morph asks the
// type checker. Both are asked here about every declaration of files that export in each way.
import { describe, expect, it } from 'vitest';
import { Node, Project } from '../src/ts-morph.js';
import { isDefaultExport, isExported } from '../src/ast/exports.js';

const MODULES: Record<string, string> = {
  'keywords.ts': `export function a() {}
export default function b() {}
export const c = 1, d = 2;
export class E {}
export interface F {}
export type G = string;
export enum H { X }
function i() {}
const j = () => 1;`,
  'lists.ts': `function a() {}
function b() {}
class C {}
interface D {}
type E = number;
const f = 1;
let g = 2;
function unlisted() {}
namespace N { export function a() {} function hidden() {} }
export { a, b as renamed, C as default, D, f };
export type { E };
export { g as "quoted name" };
export { unlisted as other } from './elsewhere.js';`,
  'default-name.ts': `function a() {}
class B {}
interface B {}
export default a;`,
  'export-equals.ts': `function a() {}
function b() {}
export = a;`,
  'script.ts': `function a() {}
class B {}
const c = 1;`,
  'ambient.ts': `declare module 'x' {
  function inner(): void;
  export function outer(): void;
}
export {};`,
};

function declarations(project: Project): Node[] {
  return project.getSourceFiles().flatMap((file) => file.getDescendants().filter((n) =>
    Node.isFunctionDeclaration(n) || Node.isClassDeclaration(n) || Node.isInterfaceDeclaration(n) || Node.isTypeAliasDeclaration(n) ||
    Node.isEnumDeclaration(n) || Node.isVariableStatement(n) || Node.isModuleDeclaration(n)));
}

describe('exports read from syntax', () => {
  it('answer as ts-morph (the type checker) does for every declaration', () => {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
    for (const [name, text] of Object.entries(MODULES)) project.createSourceFile(`/src/${name}`, text);
    const all = declarations(project) as (Node & { isExported(): boolean; isDefaultExport(): boolean; hasExportKeyword(): boolean; hasDefaultKeyword(): boolean })[];
    expect(all.length).toBeGreaterThan(25);
    const ours = all.map((d) => `${d.getSourceFile().getBaseName()}:${d.getStartLineNumber()} ${d.getKindName()} exported=${isExported(d)} default=${isDefaultExport(d)}`);
    const theirs = all.map((d) => `${d.getSourceFile().getBaseName()}:${d.getStartLineNumber()} ${d.getKindName()} exported=${d.isExported()} default=${d.isDefaultExport()}`);
    expect(ours).toEqual(theirs);
    // The files exercise both answers, through lists, `export default name` and `export =`.
    expect(ours).toContain('lists.ts:3 ClassDeclaration exported=true default=true');
    expect(ours).toContain('lists.ts:8 FunctionDeclaration exported=false default=false');
    expect(ours).toContain('default-name.ts:1 FunctionDeclaration exported=true default=true');
    expect(ours).toContain('export-equals.ts:1 FunctionDeclaration exported=true default=false');
    expect(ours).toContain('export-equals.ts:2 FunctionDeclaration exported=false default=false');
  });
});
