// The values a handler's step machine carries across its splits, typed with the type-aware view
// of the file (see carried-types.ts): how each is spelled in the state type (with the type it has
// at the split, narrowed members included), which Dates travel as ISO strings, which values could
// not be checked for JSON safety or have no size bound, and the value that refuses the whole
// handler because it does not survive the JSON round trip, its type is `any`, or its type rests on
// modules that are not installed (the decision rule: see restsOnUnresolved).
import { Node, SyntaxKind, type SourceFile, type Statement, type Type } from '../../ts-morph.js';
import { isSensitiveStateValue, type StateProtection } from '../../state/state-module.js';
import type { FindingInput } from '../../types.js';
import { isRevivableDate, jsonSafety, sameNodeIn, typeText, type TypedView } from '../../analysis/carried-types.js';
import { oneLine } from '../../ast/text.js';
import { isPlainRead } from './types-alone.js';
import { statementOf } from './handler-context.js';
import { isRaceAwait } from './question-awaits.js';
import { type ContainerPlan, type HandlerPlan } from './handler-plan.js';
import { handlerLabel } from '../../analysis/handlers.js';
import { referenceNodes } from '../../ast/names.js';
import { hoistedNames } from './prefix.js';
import { answerTypeName, requestTypeName } from './sdk-types.js';
import { leftAsIs, sensitiveValueFinding } from '../recognise/site-findings.js';

export interface CarriedValues {
  /** Type text per carried name, and per name a prefix hoists. */
  types: Map<string, string>;
  /** Carried Dates: they travel as ISO strings and are revived where restored. */
  dates: Set<string>;
  /** The declared types of the names the prefixes hoist. */
  declaredTypes: Map<string, string>;
  /** Carried values whose JSON safety could not be checked. */
  unchecked: string[];
  /** Members of carried values narrowed at the split, re-read where the state is minted (see withNarrowedMembers). */
  narrowedMembers: Map<string, string[]>;
  /** Carried values that look like secrets, in a state the client can read. */
  findings: FindingInput[];
  /** The types name a type declared in the handler's body: the state type is declared there too. */
  localTypes: boolean;
  /** Carried values whose size nothing bounds (strings, arrays, records, built sampling requests), with where they are declared. */
  unbounded: { name: string; nameNode: Node }[];
}

interface Typing {
  plan: HandlerPlan;
  view: Pick<TypedView, 'file'>;
  /** Types are printed by the type-aware view of the file: its own node for the handler's scope. */
  scope: Node;
  /** The handler's body: types declared there can be named by a state type declared there. */
  localBody: Node;
  /** SDK type names the state type uses (collected for the imports). */
  uses: Set<string>;
  protection: StateProtection;
  where: string;
  values: CarriedValues;
  stateSpecifier: string;
  /** Modules the file imports that cannot be found from it (none for the view alone): while there are any, restsOnUnresolved decides. */
  unresolved: readonly string[];
  /** Where the SDK cannot be found from the file: the file typed with our copy of the SDK's types (see answerWithSdkNames). */
  sdkCopy?: () => SourceFile;
  /** The file is TypeScript: the state type is written. */
  typescript: boolean;
}

/** What the dependencies the file cannot find change in its typing (see restsOnUnresolved). */
export interface Unresolved {
  /** Modules the file imports that cannot be found from it. */
  modules: readonly string[];
  /** The SDK cannot be found: the file typed with our copy of its types, to see which answer members are narrowed. */
  sdkCopy?: () => SourceFile;
}

/** The carried values' types, or the findings that refuse the handler (a value that is not plain JSON). */
export function carriedValues(plan: HandlerPlan, view: Pick<TypedView, 'file'>, uses: Set<string>, protection: StateProtection, stateSpecifier: string, unresolved: Unresolved = { modules: [] }): CarriedValues | { refusal: FindingInput[] } {
  const typing: Typing = {
    plan, view, uses, protection, stateSpecifier, unresolved: unresolved.modules, sdkCopy: unresolved.sdkCopy,
    typescript: !/\.[cm]?jsx?$/.test(view.file.getSourceFile().getFilePath()),
    scope: view.file.getDescendantAtPos(statementOf(plan.handler.fn).getStart()) ?? view.file,
    localBody: view.file.getDescendantAtPos(plan.handler.fn.getBody()!.getStart())?.getParent() ?? view.file,
    where: handlerLabel(plan.handler),
    values: { types: new Map(), dates: new Set(), declaredTypes: new Map(), unchecked: [], narrowedMembers: new Map(), findings: [], localTypes: false, unbounded: [] },
  };
  for (const container of plan.containers) {
    const refusal = typeContainerValues(container, typing);
    if (refusal) return { refusal };
  }
  const refusal = typePrefixValues(typing);
  if (refusal) return { refusal };
  // A carried type that names a type of the handler's body: the state type is declared there.
  const localNames = (Node.isBlock(typing.localBody) ? typing.localBody.getStatements() : []).flatMap((st) =>
    Node.isTypeAliasDeclaration(st) || Node.isInterfaceDeclaration(st) || Node.isClassDeclaration(st) || Node.isEnumDeclaration(st) ? [st.getName() ?? ''] : []);
  const named = (text: string) => localNames.some((n) => new RegExp(`(^|[^\\w$.])${n}(?![\\w$])`).test(text));
  return { ...typing.values, localTypes: [...typing.values.types.values()].some(named) };
}

function typeContainerValues(container: ContainerPlan, typing: Typing): FindingInput[] | undefined {
  const { view, values, scope } = typing;
  const asks = container.rounds.flatMap((r) => r.asks);
  const requestNames = new Map(asks.filter((a) => a.requestName).map((a) => [a.requestName!, a]));
  for (const name of new Set(container.live.flat())) {
    const ask = requestNames.get(name);
    if (ask && ask.paramsHoisted) {
      // A lifted helper's request keeps the type its builder declares.
      values.types.set(name, ask.requestType ?? requestTypeName(ask.kind)!);
      // A sampling request holds the conversation it was built from.
      if (ask.kind === 'sampling') values.unbounded.push({ name, nameNode: ask.site.node });
      continue;
    }
    // A carried answer keeps the SDK's name for its type.
    const answered = asks.find((a) => a.answerName === name && a.replacement === undefined);
    const declared = container.declared.get(name);
    const typedNode = declared && view.file.getDescendantAtPos(declared.nameNode.getStart());
    const firstRound = container.rounds[container.live.findIndex((names) => names.includes(name))];
    const after = container.statements.slice(firstRound.first);
    const split = after[0].getStart();
    if (answered && !isRaceAwait(answered.awaitNode)) {
      const type = answerTypeName(answered.kind, answered.site.api);
      for (const t of type.split(' | ')) typing.uses.add(`type ${t}`);
      // (JavaScript writes no state type: its answers need no names.)
      const written = typing.sdkCopy && typing.typescript ? answerWithSdkNames(type, name, after, typing) : withNarrowedMembers(type, name, after, typing);
      const at = declared?.nameNode ?? answered.site.node;
      if (typeof written !== 'string') return unresolvedRefusal(name, at, written.why, typing);
      values.types.set(name, written);
      // A check through a missing module narrows it where our copy of the SDK's types does not see it either.
      const guard = typing.unresolved.length > 0 && typing.typescript ? unresolvedGuard(name, split, typing.sdkCopy?.() ?? typing.view.file, typing) : undefined;
      if (guard) return unresolvedRefusal(name, at, `it is narrowed before the question by \`${oneLine(guard)}\`, whose type is any here`, typing);
      continue;
    }
    if (!declared || !typedNode) continue;
    const type = typedNode.getType();
    if (isRevivableDate(type, declared.nameNode, typing.plan.handler.fn)) {
      // Travels as its ISO string and is revived with new Date(…) where it is restored.
      values.dates.add(name);
      values.types.set(name, 'string');
      continue;
    }
    const refusal = unserializable(name, declared.nameNode, type, typing);
    if (refusal) return refusal;
    // Where the value is used after the split, control flow may have narrowed it (e.g. past an
    // `if (!token) return`): use that type when every later use agrees on it.
    const narrowed = typesAtUses(after.flatMap((st) => referenceNodes(st, name)), typedNode, typing);
    // Loop state is assigned inside the loop after those uses: only its declared type holds every value.
    const loopState = container.rounds.some((r, k) => r.loop && container.live[k].includes(name));
    values.types.set(name, narrowed.size === 1 && !loopState ? withNarrowedMembers([...narrowed][0], name, after, typing) : typeText(type, scope, typing.localBody));
    const refused = withoutAny(name, declared.nameNode, type, split, typing);
    if (refused) return refused;
    const why = restsOnUnresolved(name, declared.nameNode, type, split, typing);
    if (why) return unresolvedRefusal(name, declared.nameNode, why, typing);
    if (isUnbounded(type)) values.unbounded.push({ name, nameNode: declared.nameNode });
    noteSensitive(name, declared.nameNode, typing);
  }
  return undefined;
}

/** The prefixes' hoisted names get a declared type; the live ones are carried and checked like the rest. */
function typePrefixValues(typing: Typing): FindingInput[] | undefined {
  const { view, values, scope } = typing;
  const carriedAs = new Map<string, string>();
  for (const prefix of typing.plan.prefixes) {
    const after = prefix.block.getStatements().slice(prefix.block.getStatements().indexOf(prefix.anchor));
    for (const name of hoistedNames(prefix.statements, prefix.visible)) {
      const declared = prefix.declared.get(name);
      const typedNode = declared && view.file.getDescendantAtPos(declared.nameNode.getStart());
      if (!typedNode) continue;
      const assigned = assignedTypes(declared!.nameNode, typing);
      const type = typedNode.getType();
      const declaredText = assigned?.text ?? typeText(type, scope, typing.localBody);
      values.declaredTypes.set(name, declaredText);
      values.types.set(name, declaredText);
      // Hoisted, it is declared `let name: <type>` before the guards: that type must hold either way
      // too. (A whole `any` would be written `let name;`, typed by TypeScript from the assignments.)
      const why = (assigned === undefined && type.isAny() && typing.typescript && typing.unresolved.length > 0 ? 'its type is any here' : undefined) ??
        restsOnUnresolved(name, declared!.nameNode, type, prefix.anchor.getStart(), typing);
      if (why) return unresolvedRefusal(name, declared!.nameNode, why, typing);
      if (!prefix.live.includes(name)) continue;
      for (const t of assigned?.types ?? [type]) {
        const refusal = unserializable(name, declared!.nameNode, t, typing);
        if (refusal) return refusal;
      }
      noteSensitive(name, declared!.nameNode, typing);
      // Carried with the type the code after the prefix sees (narrowed by a guard such as
      // `if (!item) return`), when every use agrees: restoring it narrows the hoisted `let` alike.
      const narrowed = typesAtUses(after.flatMap((st) => referenceNodes(st, name)), typedNode, typing);
      // Prefixes of one block that see it differently carry it with its declared type.
      const seen = carriedAs.get(name);
      const carried = narrowed.size === 1 && (seen === undefined || seen === [...narrowed][0]) ? [...narrowed][0] : declaredText;
      carriedAs.set(name, carried);
      values.types.set(name, carried);
      const refused = withoutAny(name, declared!.nameNode, type, prefix.anchor.getStart(), typing);
      if (refused) return refused;
      if (values.types.get(name) !== carried) values.declaredTypes.set(name, values.types.get(name)!);
      if ((assigned?.types ?? [type]).some(isUnbounded)) values.unbounded.push({ name, nameNode: declared!.nameNode });
    }
  }
  return undefined;
}

/**
 * `text`, a carried value's type, refined by the members of `name` that are narrowed wherever they are used after the
 * split (by a guard before it: `if (!dates.content) return`): restored from the state, the value
 * would lose that narrowing, so the state type keeps it (`ElicitResult & { content: … }`) and the
 * state is minted with those members re-read where the narrowing holds (see emit.ts). A member is
 * refined when every use of it there sees one type, narrower than its declared one, and nothing
 * there assigns to it or to the value (a guard after the split is itself a use that disagrees).
 */
function withNarrowedMembers(text: string, name: string, after: Statement[], typing: Typing): string {
  const uses = usesAfter(name, after, typing.view.file);
  if (!uses) return text;
  // The members' declared types, as the value's own (narrowed) type there has them.
  const valueType = uses[0].getType();
  const members: string[] = [];
  const parts: string[] = [];
  for (const [member, accesses] of memberAccesses(uses)) {
    const declaredMember = valueType.getProperty(member)?.getTypeAtLocation(typing.view.file);
    if (!declaredMember || !/^[A-Za-z_$][\w$]*$/.test(member) || accesses.some(isWritten)) continue;
    const seen = typesAtNodes(accesses, typing);
    if (seen.size !== 1 || [...seen][0] === typeText(declaredMember, typing.scope, typing.localBody)) continue;
    members.push(member);
    parts.push(`${member}: ${[...seen][0]}`);
  }
  if (members.length === 0) return text;
  typing.values.narrowedMembers.set(name, members);
  return refined(text, parts);
}

/**
 * An answer's type where the SDK cannot be found from the file (its answers are `any` there): the
 * SDK's name for it, imported from the package, so the installed version decides; refined as in
 * withNarrowedMembers by the members the code narrows before the split. Which members, our copy of
 * the SDK's types shows; each is written with the SDK's names too, which hold whatever version is
 * installed: `ElicitResult & { content: NonNullable<ElicitResult['content']> }`. A member narrowed to
 * anything else than its type without `undefined` and `null` (a check of its kind) could only be
 * written from our copy: a guess, so the handler is refused (`why`).
 */
function answerWithSdkNames(text: string, name: string, after: Statement[], typing: Typing): string | { why: string } {
  const file = typing.sdkCopy!();
  const uses = usesAfter(name, after, file);
  if (!uses) return text;
  const valueType = uses[0].getType();
  const members: string[] = [];
  const parts: string[] = [];
  for (const [member, accesses] of memberAccesses(uses)) {
    const declaredMember = valueType.getProperty(member)?.getTypeAtLocation(file);
    if (!declaredMember || !/^[A-Za-z_$][\w$]*$/.test(member) || accesses.some(isWritten)) continue;
    const seen = new Set(accesses.map((a) => a.getType().getText()));
    if (seen.size !== 1 || [...seen][0] === declaredMember.getText()) continue;
    if ([...seen][0] !== declaredMember.getNonNullableType().getText()) {
      return { why: `${name}.${member} is narrowed before the question to a type the SDK's own type names cannot say (seen with this tool's copy of the SDK's types)` };
    }
    members.push(member);
    parts.push(`${member}: NonNullable<${topLevelUnion(text) ? `(${text})` : text}['${member}']>`);
  }
  if (members.length === 0) return text;
  typing.values.narrowedMembers.set(name, members);
  return refined(text, parts);
}

/** `text & { …parts }`; a union in parentheses (`&` binds tighter than `|`: every member is refined). */
function refined(text: string, parts: string[]): string {
  return `${topLevelUnion(text) ? `(${text})` : text} & { ${parts.join('; ')} }`;
}

/** A printed type that is a union at its top level (`A | B`, not `{ a: 'x' | 'y' }` or `(A | B)[]`). */
function topLevelUnion(text: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c) && !(c === '>' && text[i - 1] === '=')) depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** The nodes of `file` where `name` is read after the split; undefined when there are none or one writes it. */
function usesAfter(name: string, after: Statement[], file: SourceFile): Node[] | undefined {
  const uses = after.flatMap((st) => referenceNodes(st, name)).map((u) => file.getDescendantAtPos(u.getStart()));
  return uses.length === 0 || uses.some((u) => u === undefined || isWritten(u)) ? undefined : (uses as Node[]);
}

/** The plain member accesses of `uses` (`x.a`), by member: `x.a?.b` reads a member that may be missing, so only plain accesses show narrowing. */
function memberAccesses(uses: Node[]): Map<string, Node[]> {
  const byMember = new Map<string, Node[]>();
  for (const use of uses) {
    const access = use.getParent();
    if (!access || !Node.isPropertyAccessExpression(access) || access.getExpression() !== use || access.hasQuestionDotToken()) continue;
    byMember.set(access.getName(), [...(byMember.get(access.getName()) ?? []), access]);
  }
  return byMember;
}

/**
 * Whether nothing in the type bounds how large a value of it is: a string that is not a literal,
 * an array, a record with an index signature (also as a member of a union: `string | undefined`).
 */
function isUnbounded(type: Type): boolean {
  if (type.isUnion()) return type.getUnionTypes().some(isUnbounded);
  return type.isString() || type.isArray() || type.isReadonlyArray() || type.getStringIndexType() !== undefined;
}

/** The target of an assignment, `++`/`--` or `delete`. */
function isWritten(node: Node): boolean {
  const parent = node.getParent();
  if (!parent) return false;
  if (Node.isBinaryExpression(parent)) {
    const op = parent.getOperatorToken().getKind();
    return parent.getLeft() === node && op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment;
  }
  if (Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) {
    return parent.getOperatorToken() === SyntaxKind.PlusPlusToken || parent.getOperatorToken() === SyntaxKind.MinusMinusToken;
  }
  return Node.isDeleteExpression(parent);
}

/**
 * The types assigned to a `let x;` declared without a type or a value (TypeScript's evolving
 * `any`: its type is what is assigned to it), as text and as types to check for JSON safety; an
 * answer assigned to it keeps the SDK's name for its type. Undefined for any other declaration.
 */
function assignedTypes(nameNode: Node, typing: Typing): { text: string; types: Type[] } | undefined {
  const declaration = nameNode.getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || declaration.getTypeNode() || declaration.getInitializer()) return undefined;
  const asks = typing.plan.containers.flatMap((c) => c.rounds.flatMap((r) => r.asks));
  const texts = new Set<string>();
  const types: Type[] = [];
  for (const ref of referenceNodes(typing.plan.handler.fn, nameNode.getText())) {
    const assignment = ref.getParent();
    if (!assignment || !Node.isBinaryExpression(assignment) || assignment.getLeft() !== ref || assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const ask = asks.find((a) => a.awaitNode === assignment.getRight());
    if (ask) {
      const type = answerTypeName(ask.kind, ask.site.api);
      for (const t of type.split(' | ')) typing.uses.add(`type ${t}`);
      texts.add(type);
      continue;
    }
    const type = sameNodeIn(typing.view.file, assignment.getRight())?.getType();
    if (!type || type.isAny()) return undefined;
    texts.add(typeText(type, typing.scope, typing.localBody));
    types.push(type);
  }
  return texts.size > 0 ? { text: [...texts].join(' | '), types } : undefined;
}

/**
 * The type texts the checker gives the value at each of `uses`: one, when they agree or when one of
 * them holds every other. Code after the split that narrows the value further (`kind === 'pipeline'
 * && run(kind)`) reads it in its condition, where it has the type it has at the split: the widest.
 */
function typesAtUses(uses: Node[], declaration: Node, typing: Typing): Set<string> {
  const byText = new Map<string, Type>();
  const symbol = declaration.getSymbol();
  for (const use of uses) {
    const node = typing.view.file.getDescendantAtPos(use.getStart());
    if (!node) continue;
    // A name declared again in the code after the split (`catch (error)`) is not the value.
    if (symbol && !Node.isShorthandPropertyAssignment(node.getParent()) && node.getSymbol() !== symbol) continue;
    const type = node.getType();
    const text = typeText(type, typing.scope, typing.localBody);
    if (!byText.has(text)) byText.set(text, type);
  }
  // (`any` holds everything and says nothing: no widest then.)
  if (byText.size <= 1 || byText.has('any')) return new Set(byText.keys());
  const types = [...byText.values()];
  const declared = declaration.getType();
  const widest = [...byText].find(([, type]) => type.isAssignableTo(declared) && types.every((other) => other === type || other.isAssignableTo(type)));
  return new Set(widest ? [widest[0]] : byText.keys());
}

function typesAtNodes(nodes: Node[], typing: Typing): Set<string> {
  return new Set(nodes.map((n) => typeText(n.getType(), typing.scope, typing.localBody)));
}

/** A carried value that is not plain JSON refuses the whole handler; one of unknown type is noted. */
function unserializable(name: string, nameNode: Node, type: Type, typing: Typing): FindingInput[] | undefined {
  const safety = jsonSafety(type);
  if (safety.safe === 'unknown') typing.values.unchecked.push(name);
  if (safety.safe !== false) return undefined;
  return [
    {
      rule: 'state-not-serializable',
      severity: 'warning' as const,
      pos: nameNode.getStart(),
      message: `${name} in ${typing.where} is live across the question but is ${safety.reason}, which does not survive the JSON round trip through requestState`,
      suggestion: safety.reason === 'a Date'
        ? `Only a Date made as \`const ${name} = new Date()\` and never changed travels by itself (as its ISO string); otherwise carry ${name}.getTime() or an ISO string and rebuild the Date after the question.`
        : `Carry a plain-data form of ${name} (ids, strings, numbers) and rebuild the value after the question, or recompute it from the arguments.`,
    },
    ...typing.plan.containers.flatMap((c) => c.rounds.flatMap((r) => r.asks)).map((a) => leftAsIs(a.site, `${name} cannot travel in requestState`)),
  ];
}

/**
 * The state type never says `any`. A carried value whose printed type is or holds `any` travels
 * with the type its declaration is annotated with, when that names only what the module sees (an
 * SDK type the view cannot resolve here, or one whose expansion holds `any`: `CreateMessageRequest`);
 * otherwise it refuses the handler (undefined: nothing to refuse).
 */
function withoutAny(name: string, nameNode: Node, type: Type, split: number, typing: Typing): FindingInput[] | undefined {
  const text = typing.values.types.get(name)!;
  // (JavaScript writes no state type: only a value that is any as a whole cannot be checked.)
  if (text !== 'any' && (!ANY.test(text) || !typing.typescript)) return undefined;
  const annotated = moduleAnnotation(nameNode);
  if (annotated === undefined || ANY.test(annotated)) return untyped(name, nameNode, type, text, typing);
  // With modules missing, the annotation holds either way only where nothing narrows the value.
  const narrowed = typing.unresolved.length > 0 ? narrowedAnnotation(name, nameNode, annotated, split, typing) : undefined;
  if (narrowed) return unresolvedRefusal(name, nameNode, narrowed, typing);
  typing.values.types.set(name, annotated);
  typing.values.narrowedMembers.delete(name);
  // What the annotation names could not be checked here either.
  if (!typing.values.unchecked.includes(name)) typing.values.unchecked.push(name);
  return undefined;
}

/** `any` as a type in a printed type (not inside a string literal type or a longer name). */
const ANY = /(^|[^\w$.'"])any(?![\w$'"])/;

/** The annotation of `const x: T = …`, when every type name in T is imported or declared at the top of the module. */
function moduleAnnotation(nameNode: Node): string | undefined {
  const declaration = nameNode.getParent();
  const annotation = declaration && Node.isVariableDeclaration(declaration) && declaration.getNameNode() === nameNode ? declaration.getTypeNode() : undefined;
  if (!annotation) return undefined;
  const sourceFile = nameNode.getSourceFile();
  const topLevel = new Set(sourceFile.getStatements().flatMap((st) => {
    if (Node.isImportDeclaration(st)) {
      return [st.getDefaultImport()?.getText(), st.getNamespaceImport()?.getText(), ...st.getNamedImports().map((i) => (i.getAliasNode() ?? i.getNameNode()).getText())];
    }
    return Node.isTypeAliasDeclaration(st) || Node.isInterfaceDeclaration(st) || Node.isClassDeclaration(st) || Node.isEnumDeclaration(st) ? [st.getName()] : [];
  }));
  const references = [annotation, ...annotation.getDescendants()].filter((n) => Node.isTypeReference(n));
  const named = references.every((r) => topLevel.has(r.getTypeName().getText().split('.')[0]));
  return named ? annotation.getText() : undefined;
}

/**
 * A carried value whose type is or holds `any` (in the user's code, or because it cannot be written
 * where the state type goes) refuses the handler: what it holds cannot be checked for JSON safety,
 * and the state type would have to say `any`. Where the file imports modules that cannot be found,
 * the `any` may be theirs: types-unresolved (see restsOnUnresolved).
 */
function untyped(name: string, nameNode: Node, type: Type, text: string, typing: Typing): FindingInput[] {
  // (typeText's answer for a type it cannot write where the state type goes is no missing module's.)
  const local = text === 'any' && !type.isAny();
  if (typing.unresolved.length > 0 && !local) {
    return unresolvedRefusal(name, nameNode, type.isAny() ? 'its type is any here' : `its type holds any here (${shortType(text)})`, typing);
  }
  const [why, suggestion] = type.isAny()
    ? ['its type is any, so what it holds cannot be checked for JSON safety',
      `Give ${name} a type (annotate its declaration, e.g. \`const ${name}: Report = JSON.parse(text)\`), then run the migration again.`]
    : local
      ? ['its type names a type declared where the state type cannot see it (in a nested block or another function, or in a module this file does not import)',
        'Declare that type at the top of the handler or outside it, or import it into this file (`import type`), then run the migration again.']
      : [`its type holds any (${shortType(text)}), so what it holds cannot be checked for JSON safety`,
        `Annotate ${name}'s declaration with a type without any, then run the migration again.`];
  return [
    {
      rule: 'state-value-any',
      severity: 'warning',
      pos: nameNode.getStart(),
      message: `${name} in ${typing.where} is live across the question and must travel in requestState, but ${why}`,
      suggestion,
    },
    ...typing.plan.containers.flatMap((c) => c.rounds.flatMap((r) => r.asks)).map((a) => leftAsIs(a.site, `${name} cannot travel in requestState`)),
  ];
}

function shortType(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The decision rule, the same for every carried or hoisted value of every handler: a type is
 * written only if it holds whether or not the dependencies are installed. While the file imports
 * a module it cannot find (typing.unresolved; the SDK included), what that module types is `any`
 * in the view, and narrowing through it is invisible. Then a value travels only
 *  - as an answer, under the SDK's names (answerWithSdkNames: `NonNullable<ElicitResult['content']>`
 *    for a member narrowed before the split; our copy of the SDK shows which, never what);
 *  - under its own annotation, when its type is `any` and nothing narrows it (narrowedAnnotation);
 *  - with the view's type, when that holds no `any`, it is no union set from an `any`, and no
 *    check before the split narrows it through an `any` (this function, unresolvedGuard);
 * else the handler is left with types-unresolved (install, then run again). With every import
 * resolved nothing here applies. Returns why `name` rests on a missing module, or undefined.
 */
function restsOnUnresolved(name: string, nameNode: Node, type: Type, split: number, typing: Typing): string | undefined {
  if (typing.unresolved.length === 0 || !typing.typescript) return undefined;
  const declaration = nameNode.getParent();
  if (declaration && Node.isVariableDeclaration(declaration) && declaration.getNameNode() === nameNode &&
    ((type.isUnion() && !type.isBoolean()) || isUnionAnnotation(declaration.getTypeNode()))) {
    const set = assignedValues(name, declaration, split, typing).find((value) => sameNodeIn(typing.view.file, value)?.getType().isAny());
    if (set) return `it is declared as a union and set from \`${oneLine(set)}\`, whose type is any here: which members it holds at the question is not known`;
  }
  const guard = unresolvedGuard(name, split, typing.view.file, typing);
  return guard ? `it is narrowed before the question by \`${oneLine(guard)}\`, whose type is any here` : undefined;
}

/** With modules missing, why an annotation would not be what the code after the split sees (narrowed before it), or undefined. */
function narrowedAnnotation(name: string, nameNode: Node, annotated: string, split: number, typing: Typing): string | undefined {
  const declaration = nameNode.getParent();
  if (declaration && Node.isVariableDeclaration(declaration) && isUnionAnnotation(declaration.getTypeNode()) && declaration.getInitializer()) {
    return `it is annotated as a union (${shortType(annotated)}) that its initializer, any here, may narrow`;
  }
  const check = referenceNodes(typing.plan.handler.fn, name).find((ref) => ref !== nameNode && ref.getStart() < split && !isPlainRead(ref));
  return check ? `it is annotated ${shortType(annotated)}, and \`${oneLine(statementOf(check))}\` may narrow it before the question, which cannot be seen here` : undefined;
}

function isUnionAnnotation(annotation: Node | undefined): boolean {
  let node = annotation;
  while (node && Node.isParenthesizedTypeNode(node)) node = node.getTypeNode();
  return node !== undefined && Node.isUnionTypeNode(node);
}

/** The values `declaration` is set from before the split: its initializer, and what `name = …` assigns. */
function assignedValues(name: string, declaration: Node, split: number, typing: Typing): Node[] {
  const values: Node[] = [];
  if (Node.isVariableDeclaration(declaration) && declaration.getInitializer()) values.push(declaration.getInitializer()!);
  for (const ref of referenceNodes(typing.plan.handler.fn, name)) {
    const assignment = ref.getParent();
    if (ref.getStart() >= split || !assignment || !Node.isBinaryExpression(assignment) || assignment.getLeft() !== ref ||
      assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    values.push(assignment.getRight());
  }
  return values;
}

const EQUALITY = new Set([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.ExclamationEqualsEqualsToken, SyntaxKind.EqualsEqualsToken, SyntaxKind.ExclamationEqualsToken]);

/**
 * A check before the split that narrows `name` (or a member of it) through what is `any` in `file`:
 * a type guard of a module that is not installed used as a condition (`if (!isLedger(x))`), an
 * `instanceof` of its class, a comparison with one of its values (`kind === LATEST`), a `switch`
 * with such cases. Installed, it may narrow the value, which `file` cannot see. That check, or
 * undefined. (An assertion function of such a module, called as a statement, is not looked for:
 * a call statement is far more often a log line.)
 */
function unresolvedGuard(name: string, split: number, file: SourceFile, typing: Typing): Node | undefined {
  const isAny = (node: Node | undefined) => node !== undefined && node.getType().isAny();
  for (const ref of referenceNodes(typing.plan.handler.fn, name)) {
    if (ref.getStart() >= split) continue;
    let top = file.getDescendantAtPos(ref.getStart());
    if (!top) continue;
    // `x`, `x.a`, `x?.a`, `x!`, `(x)`: what is narrowed.
    for (let parent = top.getParent(); parent; parent = top.getParent()) {
      if ((Node.isPropertyAccessExpression(parent) || Node.isElementAccessExpression(parent) || Node.isNonNullExpression(parent) || Node.isParenthesizedExpression(parent)) &&
        parent.getExpression() === top) top = parent;
      else break;
    }
    const parent = top.getParent();
    if (!parent) continue;
    if (Node.isCallExpression(parent) && parent.getArguments().includes(top) && isAny(parent.getExpression()) && isCondition(parent)) return parent;
    if (Node.isBinaryExpression(parent)) {
      const op = parent.getOperatorToken().getKind();
      if (op === SyntaxKind.InstanceOfKeyword && parent.getLeft() === top && isAny(parent.getRight())) return parent;
      if (EQUALITY.has(op) && isAny(parent.getLeft() === top ? parent.getRight() : parent.getLeft())) return parent;
    }
    if (Node.isSwitchStatement(parent) && parent.getExpression() === top &&
      parent.getClauses().some((clause) => Node.isCaseClause(clause) && isAny(clause.getExpression()))) return parent;
  }
  return undefined;
}

/** `node`'s value is used as a condition (of an `if`, a loop, `?:`, or an operand of `&&` / `||`), possibly negated. */
function isCondition(node: Node): boolean {
  let current = node;
  for (let parent = current.getParent(); parent; current = parent, parent = parent.getParent()) {
    if (Node.isParenthesizedExpression(parent) || (Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.ExclamationToken)) continue;
    if (Node.isBinaryExpression(parent)) {
      const op = parent.getOperatorToken().getKind();
      return op === SyntaxKind.AmpersandAmpersandToken || op === SyntaxKind.BarBarToken;
    }
    if (Node.isIfStatement(parent) || Node.isWhileStatement(parent) || Node.isDoStatement(parent)) return parent.getExpression() === current;
    if (Node.isForStatement(parent)) return parent.getCondition() === current;
    if (Node.isConditionalExpression(parent)) return parent.getCondition() === current;
    return false;
  }
  return false;
}

/** The refusal of a handler for `name`, whose type rests on modules that cannot be found (see restsOnUnresolved). */
function unresolvedRefusal(name: string, node: Node, why: string, typing: Typing): FindingInput[] {
  return [
    {
      rule: 'types-unresolved',
      severity: 'warning',
      pos: node.getStart(),
      message: `${name} in ${typing.where} must be written into the step machine with its type, but ${why}: this file imports ${typing.unresolved.join(', ')}, which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to), so that type would be a guess`,
      suggestion: "Install the project's dependencies (npm install; with @modelcontextprotocol/server 2.x when this run upgrades the file from v1), then run the migration again.",
    },
    ...typing.plan.containers.flatMap((c) => c.rounds.flatMap((r) => r.asks)).map((a) => leftAsIs(a.site, `the type of ${name} cannot be known before the dependencies are installed`)),
  ];
}

function noteSensitive(name: string, nameNode: Node, typing: Typing): void {
  if (typing.protection === 'signed' && isSensitiveStateValue(name, typing.values.types.get(name))) {
    typing.values.findings.push(sensitiveValueFinding(name, typing.where, nameNode));
  }
}
