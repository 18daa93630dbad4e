// Which declaration a member access reaches, asked of the TypeScript checker in a copy of the file
// typed with the project's own dependencies (its node_modules, found from the file's path): the
// SDK's own method (`McpServer.tool`, `Server.createMessage` in the SDK's declarations), a method of
// the user's code (a logger's `tool`, an LLM client's `createMessage`), or an override of the SDK's
// in a subclass. Asked by the v1 upgrade (whose `tool()` a call is) and by the push-site scan
// (whose `createMessage()` it is). Only where the file's SDK import resolves there: without
// installed dependencies the checker knows nothing of the SDK, and the syntactic origin
// (sdk-receivers.ts) or the name is all there is. The copy is made on the first question of a
// file; the declaration files stay parsed in the thread's project for the next file.
import path from 'node:path';
import { Project, ts, type SourceFile } from '../ts-morph.js';

export type TypedOwner =
  /** `asks`: every call signature returns a promise (a request sent; not a builder such as `inputRequired.createMessage`). */
  | { kind: 'sdk'; className: string; asks: boolean }
  /** `inDependency`: declared in an installed package (a framework's wrapper), not the user's own code. */
  /** `where`: the declaring module's name; `inThisFile`: declared by the file asked about. */
  | { kind: 'other'; where: string; inThisFile: boolean; inDependency: boolean; asksInBody: boolean }
  | { kind: 'override'; className: string; subclass: string; where: string }
  /** `why`: what the checker found, when it found a declaration that does not settle it. */
  | { kind: 'unknown'; why?: string };

const compilerOptions: ts.CompilerOptions = {
  allowJs: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  noEmit: true,
  types: [],
  lib: ['lib.es5.d.ts'],
};

let project: Project | undefined;

function typedProject(): Project {
  project ??= new Project({ compilerOptions, skipAddingFilesFromTsConfig: true });
  return project;
}

/** SDK declaration files: the v1 package and the v2 packages, wherever a package manager put them. */
const SDK_FILE = /[\\/]node_modules[\\/]@modelcontextprotocol[\\/](?:sdk|server|client|core|node)[\\/]/;

const resolvable = new Map<string, boolean>();

/** Whether the v1 module `specifier` resolves from the file (its dependencies are installed). */
export function sdkTypesResolve(absPath: string, specifier: string): boolean {
  const key = `${path.dirname(absPath)}\0${specifier}`;
  let found = resolvable.get(key);
  if (found === undefined) {
    const resolved = ts.resolveModuleName(specifier, path.resolve(absPath), compilerOptions, ts.sys).resolvedModule;
    found = resolved !== undefined && SDK_FILE.test(path.resolve(resolved.resolvedFileName));
    resolvable.set(key, found);
  }
  return found;
}

/**
 * The typed view of one file: asks, for member accesses of the file as parsed (positions in
 * `text`), which declaration each reaches. Dispose it when done.
 */
export class TypedMembers {
  private file: SourceFile | undefined;
  private failed = false;
  private readonly answers = new Map<string, TypedOwner>();

  constructor(private readonly absPath: string, private readonly text: string) {}

  /** What `access` (`x.tool`, a node of a parse of the same text) reaches. */
  owner(access: ts.PropertyAccessExpression | ts.ElementAccessExpression): TypedOwner {
    const key = `${access.getStart()}:${access.end}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.ask(access.getStart(), access.end);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private ask(start: number, end: number): TypedOwner {
    const file = this.typedFile();
    if (!file) return { kind: 'unknown' };
    const access = nodeAt(file.compilerNode, start, end);
    if (!access) return { kind: 'unknown' };
    try {
      const checker = file.getProject().getTypeChecker().compilerObject;
      const nameNode = ts.isPropertyAccessExpression(access) ? access.name : access.argumentExpression;
      const symbol = checker.getSymbolAtLocation(nameNode);
      const owner = classify(checker, symbol?.declarations ?? [], access.getSourceFile());
      return owner.kind === 'sdk' ? { ...owner, asks: returnsPromise(checker, access) } : owner;
    } catch {
      return { kind: 'unknown' };
    }
  }

  /**
   * What the value `expr` (a node of a parse of the same text) is by its type: a zod schema, a raw
   * shape (an object whose every property is a schema), or unknown (no type, `any`, a mix).
   */
  schemaKind(expr: ts.Expression): 'schema' | 'shape' | 'unknown' {
    const file = this.typedFile();
    const node = file && expressionAt(file.compilerNode, expr.getStart(), expr.end);
    if (!file || !node) return 'unknown';
    try {
      return schemaKindOf(file.getProject().getTypeChecker().compilerObject, node);
    } catch {
      return 'unknown';
    }
  }

  private typedFile(): SourceFile | undefined {
    if (this.file || this.failed) return this.file;
    try {
      this.file = typedProject().createSourceFile(this.absPath, this.text, { overwrite: true });
    } catch {
      this.failed = true;
    }
    return this.file;
  }

  dispose(): void {
    if (this.file && !this.file.wasForgotten()) this.file.getProject().removeSourceFile(this.file);
    this.file = undefined;
  }
}

/** Whether every call signature of the accessed member returns a promise. */
function returnsPromise(checker: ts.TypeChecker, access: ts.Expression): boolean {
  const signatures = checker.getTypeAtLocation(access).getNonNullableType().getCallSignatures();
  return signatures.length > 0 && signatures.every((s) => checker.getReturnTypeOfSignature(s).getProperty('then') !== undefined);
}

function nodeAt(file: ts.SourceFile, start: number, end: number): ts.PropertyAccessExpression | ts.ElementAccessExpression | undefined {
  let found: ts.PropertyAccessExpression | ts.ElementAccessExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found || node.end < end || node.pos > start) return;
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && node.getStart(file) === start && node.end === end) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function expressionAt(file: ts.SourceFile, start: number, end: number): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (node.end < end || node.pos > start) return;
    if (ts.isExpression(node) && node.getStart(file) === start && node.end === end) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A zod schema's type: `parse` beside zod 3's `_def`, zod 4's `_zod` or the Standard Schema key. */
function isSchemaType(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
  const has = (name: string) => checker.getPropertyOfType(type, name) !== undefined;
  return has('parse') && (has('_def') || has('_zod') || has('~standard'));
}

function schemaKindOf(checker: ts.TypeChecker, node: ts.Expression): 'schema' | 'shape' | 'unknown' {
  const type = checker.getTypeAtLocation(node);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) || type.isUnion()) return 'unknown';
  if (isSchemaType(checker, type)) return 'schema';
  const props = checker.getPropertiesOfType(type);
  if (!(type.flags & ts.TypeFlags.Object) || props.length === 0) return 'unknown';
  return props.every((p) => isSchemaType(checker, checker.getTypeOfSymbolAtLocation(p, node))) ? 'shape' : 'unknown';
}

function classify(checker: ts.TypeChecker, declarations: readonly ts.Declaration[], asking: ts.SourceFile): TypedOwner {
  if (declarations.length === 0) return { kind: 'unknown' };
  const inSdk = declarations.filter((d) => SDK_FILE.test(d.getSourceFile().fileName));
  if (inSdk.length === declarations.length) {
    const cls = inSdk.map((d) => d.parent).find((p): p is ts.ClassLikeDeclaration | ts.InterfaceDeclaration => ts.isClassLike(p) || ts.isInterfaceDeclaration(p));
    return { kind: 'sdk', className: cls?.name?.text ?? 'the SDK', asks: false };
  }
  if (inSdk.length > 0) return { kind: 'unknown' };
  // Declared by an interface or a type literal: a contract the SDK's objects may fit as well.
  if (declarations.some((d) => ts.isInterfaceDeclaration(d.parent) || ts.isTypeLiteralNode(d.parent))) {
    return { kind: 'unknown', why: 'the type checker finds the method declared by an interface or type literal, which an SDK object may fit' };
  }
  const [first] = declarations;
  const file = first.getSourceFile();
  // The module, not its line: a marker the run writes there would move it.
  const where = path.basename(file.fileName);
  const cls = first.parent;
  if (declarations.length === 1 && ts.isClassLike(cls)) {
    const base = sdkBase(checker, cls);
    if (base) return { kind: 'override', className: base, subclass: cls.name?.text ?? 'a class', where };
  }
  return { kind: 'other', where, inThisFile: file === asking, inDependency: file.isDeclarationFile || /[\\/]node_modules[\\/]/.test(file.fileName), asksInBody: declarations.some(bodyMentionsPush) };
}

/** A push call or method string in the body of a function-like declaration (its own name left out). */
const PUSH_IN_BODY = /\b(?:elicitInput|requestSampling|createMessage|listRoots|sendRequest|request)\s*\(|elicitation\/create|sampling\/createMessage|roots\/list/;

function bodyMentionsPush(declaration: ts.Declaration): boolean {
  const body = (declaration as { body?: ts.Node }).body ?? (ts.isPropertyDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined);
  return body !== undefined && PUSH_IN_BODY.test(body.getText());
}

/** The SDK class `cls` extends (directly or through classes of the user's), if any. */
function sdkBase(checker: ts.TypeChecker, cls: ts.ClassLikeDeclaration): string | undefined {
  const symbol = cls.name ? checker.getSymbolAtLocation(cls.name) : undefined;
  let type = (symbol ? checker.getDeclaredTypeOfSymbol(symbol) : checker.getTypeAtLocation(cls)) as ts.InterfaceType;
  for (let hops = 0; hops < 10; hops++) {
    const base = checker.getBaseTypes(type)[0] as ts.InterfaceType | undefined;
    if (!base) return undefined;
    const decl = base.getSymbol()?.declarations?.[0];
    if (decl && SDK_FILE.test(decl.getSourceFile().fileName)) return base.getSymbol()!.getName();
    type = base;
  }
  return undefined;
}
