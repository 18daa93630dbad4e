// Registrations that hand the call on to a tool definition's function instead of a function
// written at the registration:
//
//   member     server.registerTool(t.name, config, t.handler)        t over a collection of definitions
//   dispatch   async (args, extra) => { … await tool.handler(args, extra) … }   in such a loop
//              TOOLS[request.params.name].handler(request.params.arguments, extra)   in a tools/call handler
//              this.execute(args, ctx)   an abstract method called by a base class's registered method
//
// For each: which definitions (and so which functions) it reaches, where the arguments and the
// context go, what becomes of the result, and what the dispatcher must change once one of those
// functions may answer with inputRequired(...): pass the context on, and hand an
// InputRequiredResult back before anything else is done with the result (not turned into text, not
// counted as a finished call). Anything that cannot be followed with certainty is a `problem`.
import { Node, SyntaxKind, VariableDeclarationKind, type CallExpression, type ClassDeclaration, type ClassExpression, type Statement, type TypeNode } from '../ts-morph.js';
import { isPureExpression } from './purity.js';
import {
  collectionElementType,
  definitionNameExpression,
  definitionsOf,
  memberFunctionType,
  elementsOf,
  memberFunction,
  subclassesOf,
  classMember,
  valueOf,
  type Definition,
  type ModuleWorld,
} from './definitions.js';
import { admitsInputRequired, widenable } from './handler-routes.js';
import {
  canReturnInputRequired,
  findHandlers,
  registrationForm,
  type HandlerFunction,
  type HandlerInfo,
} from './handlers.js';
import { isFunctionLike, resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { registeredName, type RegisteredName } from './subject.js';

export interface DispatchTarget {
  definition: Definition;
  fn: HandlerFunction;
}

export interface DispatchRoute {
  /** Position among the file's dispatch candidates: the same in every run over the same code. */
  key: number;
  member: string;
  registration: CallExpression;
  /** The registered handler that makes the dispatch call; undefined when the member itself is registered. */
  via?: HandlerInfo;
  /** The dispatch call in `via`. */
  call?: CallExpression;
  targets: DispatchTarget[];
  /** The targets are the subclasses of the registered method's class (`this.execute(…)` of an abstract method). */
  byInheritance: boolean;
  /** Index among the call's arguments of the tool arguments, and of the context (`via`'s own). */
  argsAt?: number;
  ctxAt?: number;
  /** The call leaves the context out: it must pass it (appended). */
  passContext: boolean;
  /** The call's result is held and worked on: an InputRequiredResult must be handed back first. */
  holder?: { statement: Statement; name: string };
  /** Declared result types of `via` that must admit InputRequiredResult. */
  widen: TypeNode[];
  /**
   * The types the dispatcher side declares the member with: the member of the collection's
   * declared element type (`const tools: Tool[]` → `Tool['handler']`), or the base class's
   * abstract method. A function type node or a method signature / declaration.
   */
  memberTypes: Node[];
  /** Why no function can be migrated through this route. */
  problem?: string;
  /** What a target's requestState is bound to. */
  subjectOf(target: DispatchTarget): RegisteredName;
}

interface Candidate {
  pos: number;
  build(key: number): DispatchRoute;
}

/** The dispatch routes of a file, in order (see the keys). */
export function dispatchRoutes(file: import('ts-morph').SourceFile, world: ModuleWorld, handlers: HandlerInfo[] = findHandlers(file)): DispatchRoute[] {
  const candidates: Candidate[] = [];
  for (const via of handlers) {
    if (via.fn.getSourceFile() !== file || !canReturnInputRequired(via)) continue;
    for (const call of via.fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const member = memberCall(call);
      if (!member) continue;
      const source = definitionSource(member.receiver, via, member.name, world);
      if (source) candidates.push({ pos: call.getStart(), build: (key) => dispatchCall(key, via, call, member.name, source, world) });
    }
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!registrationForm(call)) continue;
    const args = call.getArguments();
    const last = args[args.length - 1];
    const member = last && memberValue(last);
    const source = member && definitionSource(member.receiver, undefined, member.name, world);
    if (member && source) candidates.push({ pos: call.getStart(), build: (key) => registeredMember(key, call, member.name, source, world) });
  }
  return candidates.sort((a, b) => a.pos - b.pos).map((c, key) => c.build(key));
}

/** `R.m(…)`, `R.m.call(thisArg, …)`: the receiver and the member. */
function memberCall(call: CallExpression): { receiver: Node; name: string } | undefined {
  let callee = unwrapExpression(call.getExpression());
  if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'call') {
    const inner = unwrapExpression(callee.getExpression());
    if (Node.isPropertyAccessExpression(inner)) callee = inner;
  }
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  return { receiver: unwrapExpression(callee.getExpression()), name: callee.getName() };
}

/** `R.m` or `R.m.bind(R)` passed as a value. */
function memberValue(expr: Node): { receiver: Node; name: string } | undefined {
  let e = unwrapExpression(expr);
  if (Node.isCallExpression(e)) {
    const callee = unwrapExpression(e.getExpression());
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'bind') return undefined;
    e = unwrapExpression(callee.getExpression());
  }
  if (!Node.isPropertyAccessExpression(e)) return undefined;
  return { receiver: unwrapExpression(e.getExpression()), name: e.getName() };
}

type DefinitionSource =
  | { kind: 'collection'; collection: Node }
  | { kind: 'subclasses'; base: ClassDeclaration | ClassExpression };

/**
 * Where the receiver's definitions come from: a collection it is an element of (a `for…of` or
 * `forEach` binding, `C[key]`, `C.find(…)`), or — `this` calling an abstract method from a
 * registered method — the subclasses of that class.
 */
function definitionSource(receiver: Node, via: HandlerInfo | undefined, member: string, world: ModuleWorld): DefinitionSource | undefined {
  if (Node.isThisExpression(receiver)) {
    if (!via) return undefined;
    const cls = via.fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
    if (!cls || (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls))) return undefined;
    return abstractMember(cls, member, world) ? { kind: 'subclasses', base: cls } : undefined;
  }
  if (Node.isElementAccessExpression(receiver)) return { kind: 'collection', collection: receiver.getExpression() };
  if (!Node.isIdentifier(receiver)) return undefined;
  const decl = resolveIdentifier(receiver);
  if (!decl) return undefined;
  if (Node.isVariableDeclaration(decl)) {
    const statement = decl.getParent()?.getParent();
    if (statement && Node.isForOfStatement(statement)) return { kind: 'collection', collection: statement.getExpression() };
    const init = decl.getInitializer();
    const value = init && unwrapExpression(init);
    if (!value || decl.getVariableStatement()?.getDeclarationKind() !== VariableDeclarationKind.Const) return undefined;
    if (Node.isElementAccessExpression(value)) return { kind: 'collection', collection: value.getExpression() };
    if (Node.isCallExpression(value)) {
      const callee = unwrapExpression(value.getExpression());
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'find') return { kind: 'collection', collection: callee.getExpression() };
    }
    return undefined;
  }
  if (Node.isParameterDeclaration(decl)) {
    // `C.forEach((tool) => …)`, `C.map((tool) => …)`: the callback's first parameter.
    const fn = decl.getParent();
    const call = fn.getParent();
    if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) || fn.getParameters()[0] !== decl) return undefined;
    if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== fn) return undefined;
    const callee = unwrapExpression(call.getExpression());
    if (Node.isPropertyAccessExpression(callee) && /^(forEach|map|flatMap)$/.test(callee.getName())) return { kind: 'collection', collection: callee.getExpression() };
  }
  return undefined;
}

/** The class (or a base class) declares `member` without a body: its subclasses implement it. */
function abstractMember(cls: ClassDeclaration | ClassExpression, member: string, world: ModuleWorld): boolean {
  for (let c: Node | undefined = cls, depth = 0; c && depth < 8; depth++) {
    if (!Node.isClassDeclaration(c) && !Node.isClassExpression(c)) return false;
    const declared = c.getMembers().find((m) => Node.isMethodDeclaration(m) && m.getName() === member && !m.isStatic());
    if (declared && Node.isMethodDeclaration(declared)) return !declared.hasBody();
    if (classMember(c, member)) return false;
    const base: Node | undefined = c.getExtends()?.getExpression();
    c = base ? valueOf(base, world) : undefined;
  }
  return false;
}

/** The definitions a source holds, with their function under `member`. */
function targetsOf(source: DefinitionSource, member: string, world: ModuleWorld): DispatchTarget[] {
  const definitions: Definition[] = source.kind === 'subclasses'
    ? subclassesOf(source.base, world).map((node) => ({ kind: 'class' as const, node }))
    : (elementsOf(source.collection, world) ?? []).flatMap((el) => definitionsOf(el, world));
  const targets: DispatchTarget[] = [];
  for (const definition of definitions) {
    // A subclass that inherits the method reaches the one already listed.
    const fn = source.kind === 'subclasses' && definition.kind === 'class' ? classMember(definition.node, member) : memberFunction(definition, member, world);
    if (fn && !targets.some((t) => t.fn === fn)) targets.push({ definition, fn });
  }
  return targets;
}

/** `server.registerTool(t.name, config, t.handler)`: each definition's function is registered itself. */
function registeredMember(key: number, registration: CallExpression, member: string, source: DefinitionSource, world: ModuleWorld): DispatchRoute {
  const nameArg = registration.getArguments()[0];
  return {
    key, member, registration, targets: targetsOf(source, member, world), byInheritance: false, passContext: false, widen: [], memberTypes: sourceMemberTypes(source, member, world),
    subjectOf: (target) => definitionSubject(target) ?? registeredName(nameArg, target.fn),
  };
}

/** A dispatch call in a registered handler: where its arguments come from and what becomes of its result. */
function dispatchCall(key: number, via: HandlerInfo, call: CallExpression, member: string, source: DefinitionSource, world: ModuleWorld): DispatchRoute {
  const route: DispatchRoute = {
    key, member, registration: via.registration, via, call, targets: targetsOf(source, member, world), byInheritance: source.kind === 'subclasses',
    passContext: false, widen: [], memberTypes: sourceMemberTypes(source, member, world),
    subjectOf: (target) => {
      // `this.name` of the base class's registration names each subclass's instance.
      if (source.kind === 'subclasses' && via.subjectExpression?.startsWith('this.')) return { subjectExpression: via.subjectExpression };
      return definitionSubject(target) ?? (via.name !== undefined && via.kind !== 'request' ? { name: via.name } : {
        subjectProblem: 'the name it is registered under cannot be read from its definition',
      });
    },
  };
  const refuse = (problem: string): DispatchRoute => ({ ...route, problem });
  for (let node: Node | undefined = call.getParent(); node && node !== via.fn; node = node.getParent()) {
    if (isFunctionLike(node)) return refuse(`${describeCall(call)} is made in a function nested in the registered handler`);
    if (Node.isIterationStatement(node)) return refuse(`${describeCall(call)} is made in a loop`);
  }
  const args = callArguments(call);
  const ctxName = via.ctxParam && Node.isIdentifier(via.ctxParam.getNameNode()) ? via.ctxParam.getName() : undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = unwrapExpression(args[i]);
    if (Node.isSpreadElement(arg)) return refuse(`${describeCall(call)} spreads its arguments`);
    if (ctxName !== undefined && arg.getText() === ctxName) route.ctxAt ??= i;
    else if (isToolArguments(arg, via)) route.argsAt ??= i;
    else if (!isPureExpression(arg)) return refuse(`${describeCall(call)} passes \`${arg.getText()}\`, which would be evaluated again on every round of the call`);
  }
  if (route.ctxAt === undefined) {
    if (!ctxName && !(via.inline && !via.route && !via.ctxIndexGuessed && via.params.length <= via.ctxIndex)) {
      return refuse('the registered handler has no context parameter to pass on');
    }
    route.passContext = true;
    route.ctxAt = args.length;
  }
  const outcome = resultUse(call, via.fn);
  if ('problem' in outcome) return refuse(outcome.problem);
  if (outcome.holder) route.holder = outcome.holder;
  const widen = widenable([via.fn.getReturnTypeNode()]);
  if ('problem' in widen) return refuse(`the registered handler ${widen.problem}`);
  route.widen = [...widen.nodes, ...(via.route?.widen ?? [])];
  return route;
}

function callArguments(call: CallExpression): Node[] {
  const callee = unwrapExpression(call.getExpression());
  // `tool.handler.call(tool, args, extra)`: the receiver goes first.
  return Node.isPropertyAccessExpression(callee) && callee.getName() === 'call' ? call.getArguments().slice(1) : call.getArguments();
}

/** The registered handler's tool arguments: its arguments parameter, or `request.params.arguments` of a tools/call request handler. */
function isToolArguments(arg: Node, via: HandlerInfo): boolean {
  const e = Node.isBinaryExpression(arg) && arg.getOperatorToken().getKind() === SyntaxKind.QuestionQuestionToken ? unwrapExpression(arg.getLeft()) : arg;
  const argsName = via.argsParam && Node.isIdentifier(via.argsParam.getNameNode()) ? via.argsParam.getName() : undefined;
  if (argsName === undefined) return false;
  if (via.kind !== 'request') return e.getText() === argsName;
  return e.getText().replace(/\?\./g, '.') === `${argsName}.params.arguments`;
}

/**
 * What the registered handler does with the dispatch call's value: returns it (fine as it is), or
 * holds it in a variable and works on it (an InputRequiredResult must be handed back first).
 */
function resultUse(call: CallExpression, fn: HandlerFunction): { holder?: { statement: Statement; name: string } } | { problem: string } {
  let value: Node = call;
  while (value.getParent() && (Node.isAwaitExpression(value.getParent()!) || Node.isParenthesizedExpression(value.getParent()!) ||
    Node.isAsExpression(value.getParent()!) || Node.isNonNullExpression(value.getParent()!) || Node.isSatisfiesExpression(value.getParent()!))) {
    value = value.getParent()!;
  }
  const parent = value.getParent();
  if (parent && Node.isReturnStatement(parent)) return {};
  if (Node.isArrowFunction(fn) && parent === fn) return {};
  const holderName = (name: Node) => (Node.isIdentifier(name) ? name.getText() : undefined);
  let statement: Node | undefined;
  let name: string | undefined;
  if (parent && Node.isVariableDeclaration(parent) && parent.getInitializer() === value) {
    name = holderName(parent.getNameNode());
    statement = parent.getVariableStatement();
    if (statement && (statement as import('ts-morph').VariableStatement).getDeclarations().length !== 1) statement = undefined;
  } else if (parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken && parent.getRight() === value) {
    name = holderName(unwrapExpression(parent.getLeft()));
    statement = parent.getParent();
    if (statement && !Node.isExpressionStatement(statement)) statement = undefined;
  }
  const block = statement?.getParent();
  if (name === undefined || !statement || !block || !(Node.isBlock(block) || Node.isCaseClause(block) || Node.isDefaultClause(block))) {
    return { problem: `the registered handler does something with the result of ${describeCall(call)} other than returning it or holding it in a variable` };
  }
  const held = holderProblem(parent!, name);
  if (held) return { problem: `the registered handler holds the result of ${describeCall(call)} in \`${name}\`, ${held}` };
  return { holder: { statement: statement as Statement, name } };
}

/**
 * Why the holder variable cannot take an InputRequiredResult, when it cannot: the type it is
 * declared with (`const text: string = …`, `let text: string; text = …`) or, assigned later, the
 * type its initializer gave it (`let text = ''; text = …`).
 */
function holderProblem(holding: Node, name: string): string | undefined {
  const target = Node.isBinaryExpression(holding) ? unwrapExpression(holding.getLeft()) : undefined;
  const decl = Node.isVariableDeclaration(holding) ? holding : target && Node.isIdentifier(target) && target.getText() === name ? resolveIdentifier(target) : undefined;
  if (!decl || !(Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl))) return undefined;
  const type = decl.getTypeNode();
  if (type) return admitsInputRequired(type) ? undefined : `declared as ${type.getText()}, which cannot hold an InputRequiredResult: declare it as ${type.getText()} | InputRequiredResult`;
  const init = decl !== holding ? decl.getInitializer() : undefined;
  if (init && !/^(undefined|null)$/.test(init.getText())) {
    return `whose type comes from its initializer (\`${init.getText().slice(0, 40)}\`) and cannot hold an InputRequiredResult: declare it with its type and InputRequiredResult (\`: T | InputRequiredResult\`)`;
  }
  return undefined;
}

/** The member's declared type on the dispatcher's side: the collection's element type, or the abstract method. */
function sourceMemberTypes(source: DefinitionSource, member: string, world: ModuleWorld): Node[] {
  if (source.kind === 'subclasses') {
    const declared = source.base.getMembers().find((m) => Node.isMethodDeclaration(m) && m.getName() === member && !m.hasBody());
    return declared ? [declared] : [];
  }
  let collection: Node = unwrapExpression(source.collection);
  if (Node.isCallExpression(collection)) {
    const callee = unwrapExpression(collection.getExpression());
    if (Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Object') collection = unwrapExpression(collection.getArguments()[0] ?? collection);
  }
  const decl = Node.isIdentifier(collection) ? resolveIdentifier(collection) : undefined;
  const type = decl && Node.isVariableDeclaration(decl) ? decl.getTypeNode() : undefined;
  const element = type && collectionElementType(type);
  const found = element && memberFunctionType(element, member, world);
  return found ? [found] : [];
}

/** The subject a definition gives its own function: its `name` property, when the function can read it. */
function definitionSubject(target: DispatchTarget): RegisteredName | undefined {
  const nameExpr = definitionNameExpression(target.definition);
  if (!nameExpr) return undefined;
  const name = registeredName(nameExpr, target.fn);
  return name.name !== undefined || name.subjectExpression !== undefined ? name : undefined;
}

function describeCall(call: CallExpression): string {
  const text = call.getExpression().getText().replace(/\s+/g, '');
  return `${text}(…)`;
}
