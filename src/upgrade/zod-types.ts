// zod 3 type names zod 4 changed or no longer exports:
//   rewrites  generic arguments zod 4 dropped, where zod 3's meaning has a zod 4 spelling:
//             `ZodType<O, ZodTypeDef, I>` → `ZodType<O, I>` (also `ZodSchema`, a middle `any`),
//             `ZodType<O, ZodTypeDef>` → `ZodType<O>`; `ZodObject<S, any, any, …>` →
//             `ZodObject<S, any>`, `ZodObject<S, 'strip' | 'passthrough' | 'strict'[, ZodTypeAny]>`
//             → `ZodObject<S>` / `ZodObject<S, z.core.$loose>` / `ZodObject<S, z.core.$strict>`;
//             `ZodArray<T, 'many' | 'atleastone'>` → `ZodArray<T>`; `ZodEnum<['a', 'b']>` →
//             `ZodEnum<{ a: 'a'; b: 'b' }>`. A named import of `ZodTypeDef` whose every use was
//             rewritten away is removed;
//   errors    other such arguments; names zod 4 no longer exports (each with its zod 4
//             counterpart); a variable declared `ZodRawShape` handed to a v2 registerTool /
//             registerPrompt config (zod 4's ZodRawShape is a shape of core `$ZodType`s).
import { ts } from '../ts-morph.js';
import { importSpecifierRemoval, unwrap, walk } from '../ast/compiler-nodes.js';
import { provablyNotSdk } from '../analysis/sdk-receivers.js';
import { replace, zodError, zodName, type ZodScan } from './zod-scan.js';

/** Names zod 4 no longer exports, with what to use instead. */
const REMOVED_EXPORTS: Readonly<Record<string, string>> = {
  ZodEffects: 'refinements live on the schema itself and transforms are `ZodPipe`s',
  ZodTypeDef: 'the definition type is internal (`z.ZodType<Output, Input>` takes two parameters)',
  ZodFirstPartyTypeKind: 'a schema tells its kind by `schema.def.type`',
  ostring: 'use `z.string().optional()`',
  onumber: 'use `z.number().optional()`',
  oboolean: 'use `z.boolean().optional()`',
  ZodBranded: 'a brand is part of the inferred type only: write the schema type it was built on',
  ZodPipeline: 'it is called `ZodPipe` (the same two type parameters)',
  AnyZodObject: 'write `z.ZodObject<any, any>`',
  SomeZodObject: 'write `z.ZodObject`',
  ZodNativeEnum: 'native enums are `ZodEnum`s (`z.enum(MyEnum)`)',
  ZodDiscriminatedUnionOption: 'write `z.ZodObject`',
  SafeParseReturnType: 'write `z.ZodSafeParseResult<Output>`',
  SafeParseSuccess: 'it is called `ZodSafeParseSuccess` (the same type parameter)',
  SafeParseError: 'it is called `ZodSafeParseError` (the same type parameter)',
  ZodParsedType: 'a schema\'s issues say what they received in their message; check `typeof` yourself',
  quotelessJson: 'format the issues with `z.prettifyError(error)`',
  ZodIssueOptionalMessage: 'write `z.core.$ZodIssue`',
  ZodInvalidTypeIssue: 'write `z.core.$ZodIssueInvalidType`',
  ZodTooSmallIssue: 'write `z.core.$ZodIssueTooSmall`',
  ZodTooBigIssue: 'write `z.core.$ZodIssueTooBig`',
  ZodCustomIssue: 'write `z.core.$ZodIssueCustom`',
  ZodInvalidStringIssue: 'write `z.core.$ZodIssueInvalidStringFormat`',
  ZodInvalidEnumValueIssue: 'write `z.core.$ZodIssueInvalidValue`',
  ZodInvalidLiteralIssue: 'write `z.core.$ZodIssueInvalidValue`',
  ZodUnrecognizedKeysIssue: 'write `z.core.$ZodIssueUnrecognizedKeys`',
  ZodInvalidUnionIssue: 'write `z.core.$ZodIssueInvalidUnion`',
  CustomErrorParams: 'a refinement takes `{ error, path, abort }` (`z.core.$ZodCustomParams`)',
  ParseContext: 'parsing internals are not exported',
  ParseInput: 'parsing internals are not exported',
  ParseReturnType: 'parsing internals are not exported',
  ParseStatus: 'parsing internals are not exported',
  objectUtil: 'zod\'s type helpers are internal (`z.core.util`)',
  Primitive: 'write the union of primitive types yourself',
  ZodUnionOptions: 'write `readonly z.ZodType[]`',
  typeToFlattenedError: 'write `z.core.$ZodFlattenedError<T>`',
};

/** `ZodStringDef` and the other schema definition types: internal in zod 4. */
const DEF_TYPE = /^Zod[A-Z]\w*Def$/;

function removedExport(name: string): string | undefined {
  if (Object.hasOwn(REMOVED_EXPORTS, name)) return REMOVED_EXPORTS[name];
  return DEF_TYPE.test(name) ? 'a schema\'s definition is `schema.def`, typed by zod 4 itself' : undefined;
}

const OBJECT_MODES: Readonly<Record<string, string | undefined>> = { strip: undefined, passthrough: '$loose', strict: '$strict' };

/** The generic arguments of zod 3 types zod 4 changed, rewritten where zod 4 can say the same, reported where not. */
export function zodTypeArguments(scan: ZodScan): void {
  walk(scan.file, (node) => {
    if (!ts.isTypeReferenceNode(node) || !node.typeArguments) return;
    const name = zodName(scan, node.typeName);
    const args = node.typeArguments;
    if ((name === 'ZodType' || name === 'ZodSchema') && args.length >= 2) typeArguments(scan, node, name, args);
    else if (name === 'ZodObject' && (args.length > 2 || (args.length === 2 && literalText(args[1]) !== undefined))) objectArguments(scan, node, args);
    else if (name === 'ZodArray' && args.length === 2 && ['many', 'atleastone'].includes(literalText(args[1]) ?? '')) removeFrom(scan, args, 1);
    else if (name === 'ZodEnum' && args.length === 1 && ts.isTupleTypeNode(args[0])) enumArgument(scan, node, args[0]);
  });
}

function typeArguments(scan: ZodScan, node: ts.TypeReferenceNode, name: string, args: ts.NodeArray<ts.TypeNode>): void {
  const def = args[1];
  if (args.length <= 3 && (isDefType(scan, def) || (args.length === 3 && def.kind === ts.SyntaxKind.AnyKeyword))) {
    // zod 3's second parameter was the definition type; zod 4's is the input type.
    replace(scan, args[0].end, def.end, '');
    return;
  }
  // Two arguments are zod 4's <Output, Input> (a definition type there is reported as a removed name).
  if (args.length === 2) return;
  zodError(scan, node, `zod 4's \`${name}\` takes \`<Output, Input>\` (zod 3's middle definition type is gone)`, 'Write `z.ZodType<Output, Input>`.');
}

function isDefType(scan: ZodScan, type: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(type) && !type.typeArguments && zodName(scan, type.typeName) === 'ZodTypeDef';
}

function objectArguments(scan: ZodScan, node: ts.TypeReferenceNode, args: ts.NodeArray<ts.TypeNode>): void {
  const isAny = (type: ts.TypeNode | undefined) => type === undefined || type.kind === ts.SyntaxKind.AnyKeyword;
  const defaultCatchall = (type: ts.TypeNode | undefined) => isAny(type) || (ts.isTypeReferenceNode(type!) && !type!.typeArguments && zodName(scan, type!.typeName) === 'ZodTypeAny');
  // zod 3: ZodObject<Shape, UnknownKeys, Catchall, Output, Input>; zod 4: ZodObject<Shape, Config>.
  if (args.slice(1).every((a) => isAny(a))) {
    removeFrom(scan, args, 2);
    return;
  }
  const mode = literalText(args[1]);
  const namespace = ts.isQualifiedName(node.typeName) ? node.typeName.left.getText(scan.file) : undefined;
  if (mode !== undefined && Object.hasOwn(OBJECT_MODES, mode) && defaultCatchall(args[2]) && args.slice(3).every((a) => isAny(a))) {
    const config = OBJECT_MODES[mode];
    if (config === undefined) {
      removeFrom(scan, args, 1);
      return;
    }
    if (namespace !== undefined) {
      removeFrom(scan, args, 2);
      replace(scan, args[1].getStart(scan.file), args[1].end, `${namespace}.core.${config}`);
      return;
    }
  }
  zodError(scan, node, 'zod 4\'s `ZodObject` takes `<Shape, Config>` (zod 3\'s unknown-keys mode, catchall, output and input parameters are gone)', 'Write `z.ZodObject<Shape>` (add `z.core.$loose` or `z.core.$strict` for a passthrough or strict object), or `z.ZodObject<any, any>` for any object schema.');
}

function enumArgument(scan: ZodScan, node: ts.TypeReferenceNode, tuple: ts.TupleTypeNode): void {
  const values = tuple.elements.map((element) => literalText(element));
  if (values.length > 0 && values.every((v) => v !== undefined && /^[A-Za-z_$][\w$]*$/.test(v))) {
    const quote = scan.file.text[tuple.elements[0].getStart(scan.file)];
    const q = quote === '"' ? '"' : "'";
    replace(scan, tuple.getStart(scan.file), tuple.end, `{ ${values.map((v) => `${v}: ${q}${v}${q}`).join('; ')} }`);
    return;
  }
  zodError(scan, node, 'zod 4\'s `ZodEnum` takes an object of its values (`ZodEnum<{ a: \'a\' }>`), not a tuple', 'Write `z.ZodEnum<{ value: \'value\', … }>`, or `typeof Schema` for the schema the type stands for.');
}

/** Removes the type arguments from `index` on (with the comma before them). */
function removeFrom(scan: ZodScan, args: ts.NodeArray<ts.TypeNode>, index: number): void {
  if (index >= args.length) return;
  replace(scan, args[index - 1].end, args[args.length - 1].end, '');
}

/** The text of a string literal type (`'strip'`). */
function literalText(type: ts.TypeNode): string | undefined {
  return ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? type.literal.text : undefined;
}

/**
 * `z.ZodEffects` and the like, and named imports of them: zod 4 no longer exports them. A named
 * import of `ZodTypeDef` none of whose uses is left after the rewrites above is removed instead.
 */
export function removedExports(scan: ZodScan): void {
  const { file } = scan;
  const isRemoved = (pos: number) => scan.replaced.some(([start, end]) => pos >= start && pos < end);
  walk(file, (node) => {
    const qualified = ts.isQualifiedName(node) ? ([node.left, node.right] as const) : ts.isPropertyAccessExpression(node) ? ([node.expression, node.name] as const) : undefined;
    if (qualified && scan.isNamespace(qualified[0])) {
      const why = removedExport(qualified[1].text);
      if (why !== undefined) zodError(scan, node, `zod 4 no longer exports \`${qualified[1].text}\``, `${why}.`);
    }
    if (!ts.isImportSpecifier(node) || !scan.named.has(node.name.text)) return;
    const name = scan.named.get(node.name.text)!;
    const why = removedExport(name);
    if (why === undefined) return;
    const uses: ts.Identifier[] = [];
    walk(file, (other) => {
      if (ts.isIdentifier(other) && other.text === node.name.text && !isInImport(other)) uses.push(other);
    });
    if (name === 'ZodTypeDef' && uses.length > 0 && uses.every((use) => isRemoved(use.getStart(file)))) {
      removeSpecifier(scan, node);
      return;
    }
    zodError(scan, node, `zod 4 no longer exports \`${name}\``, `${why}.`);
  });
}

function isInImport(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (ts.isImportDeclaration(current)) return true;
  return false;
}

/** Removes one named import (the declaration when it was its only binding). */
function removeSpecifier(scan: ZodScan, specifier: ts.ImportSpecifier): void {
  const { start, end } = importSpecifierRemoval(scan.file, specifier);
  replace(scan, start, end, '');
}

/**
 * `server.registerTool(name, { inputSchema: shape, … })` (`outputSchema` too; `argsSchema` of
 * registerPrompt) where `shape` is a variable of the file declared as zod's `ZodRawShape`: by its
 * own type, or as the result of a function of the file declared to return one. Not on a receiver
 * the file's code proves is not the SDK's (an object of its own with a registerTool method).
 */
export function rawShapeTypedSchema(scan: ZodScan, call: ts.CallExpression): void {
  const { file } = scan;
  const callee = unwrap(call.expression);
  const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  const keys = method === 'registerTool' ? ['inputSchema', 'outputSchema'] : method === 'registerPrompt' ? ['argsSchema'] : [];
  const config = call.arguments[1] && unwrap(call.arguments[1]);
  if (keys.length === 0 || !config || !ts.isObjectLiteralExpression(config)) return;
  if (provablyNotSdk((callee as ts.PropertyAccessExpression).expression, method)) return;
  const isRawShapeType = (type: ts.TypeNode | undefined): boolean => {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && zodName(scan, node.typeName) === 'ZodRawShape') found = true;
      // A shape inside another type (`ZodObject<ZodRawShape>`) is no raw shape.
      if (!found && !ts.isTypeReferenceNode(node)) ts.forEachChild(node, visit);
    };
    if (type) visit(type);
    return found;
  };
  for (const prop of config.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name) || !keys.includes(prop.name.text)) continue;
    const value = unwrap(prop.initializer);
    if (!ts.isIdentifier(value)) continue;
    const declaration = variableDeclaration(file, value.text);
    if (!declaration) continue;
    const init = declaration.initializer && unwrap(declaration.initializer);
    const fromFunction = init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) ? functionDeclaration(file, init.expression.text) : undefined;
    if (isRawShapeType(declaration.type) || (!declaration.type && isRawShapeType(fromFunction?.type))) {
      zodError(
        scan,
        prop,
        `\`${value.text}\` is declared as zod's \`ZodRawShape\`, which under zod 4 is a shape of core \`$ZodType\`s: neither form of v2's \`${method}\` takes it (a schema, or a raw shape of classic zod types)`,
        `Pass a schema instead: \`z.object(${value.text})\` where it is known to be set, or the \`ZodObject\` the shape was taken from.`,
      );
      return;
    }
  }
}

/** The file's only variable declaration of `name` (several: none, the scope would decide). */
function variableDeclaration(file: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  const found: ts.VariableDeclaration[] = [];
  walk(file, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found.push(node);
  });
  return found.length === 1 ? found[0] : undefined;
}

function functionDeclaration(file: ts.SourceFile, name: string): ts.FunctionDeclaration | undefined {
  return file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name);
}
