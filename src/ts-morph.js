// ts-morph is CommonJS. An ESM named import of it makes Node run cjs-module-lexer over its bundle
// (and the compiler it re-exports) on every start, about a third of a second; requiring it costs
// nothing extra. Every module of ours imports ts-morph's values from here (types: ts-morph.d.ts).
import { createRequire } from 'node:module';

const tsMorph = createRequire(import.meta.url)('ts-morph');

export const { Node, Project, ScriptKind, SyntaxKind, VariableDeclarationKind, ts } = tsMorph;
