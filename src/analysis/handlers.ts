// Request handler discovery: every tools/call, prompts/get, resources/read and low-level request
// handler registered in one file, with the callback resolved within the file. Pure syntax (no type
// checker): registrations are matched on the method name plus the shape of their arguments, so the
// receiver can be any expression (`server`, `this.server`, `mcp`, …).
import {
  descendantsOfKindWhere,
  Node,
  SyntaxKind,
  ts,
  type CallExpression,
  type Expression,
  type ParameterDeclaration,
  type SourceFile,
} from '../ts-morph.js';
import {
  findProperty,
  importedNameOf,
  isFunctionLike,
  resolveFunction,
  resolveIdentifier,
  resolveObjectLiteral,
  stringValue,
  type FunctionNode,
} from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { delegationOf, registrarCall, wrappedHandler, type HandlerRoute, type RouteRefusal } from './handler-routes.js';
import { provablyNotSdk } from './sdk-receivers.js';
import { registeredName } from './subject.js';

export type { HandlerRoute, RouteRefusal };

export type HandlerKind = 'tool' | 'prompt' | 'resource' | 'request';
export type HandlerFunction = FunctionNode;
export type HandlerForm =
  | 'registerTool'
  | 'tool'
  | 'registerPrompt'
  | 'prompt'
  | 'registerResource'
  | 'resource'
  | 'setRequestHandler';

/** `method` of a low-level handler whose method could not be read from the file. */
export const UNKNOWN_METHOD = 'unknown';

/** The three methods that may answer with an InputRequiredResult. */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

export interface HandlerInfo {
  kind: HandlerKind;
  /** 'tools/call' | 'prompts/get' | 'resources/read' | another low-level method | UNKNOWN_METHOD. */
  method: string;
  /** Tool/prompt name, or resource URI / template string, when written as a string literal. */
  name?: string;
  /**
   * The tool/prompt name as code the handler evaluates, when it is not a string literal
   * (`TOOLS.getItem`, `tool.name`, `this.name`): the subject its requestState is bound to.
   */
  subjectExpression?: string;
  /** Why the name cannot be the subject, when it is neither (a variable that may change, …). */
  subjectProblem?: string;
  registration: CallExpression;
  form: HandlerForm;
  sdk: 'v1' | 'v2' | 'unknown';
  /** The callback, resolved through identifiers / const function expressions / declarations / methods. */
  fn: HandlerFunction;
  /** `fn` is written inside the registration call. */
  inline: boolean;
  params: ParameterDeclaration[];
  /** Index the context parameter (`ctx` / `extra`) has or would have. */
  ctxIndex: number;
  /** True when ctxIndex was inferred from the callback's parameters because the schema was not readable. */
  ctxIndexGuessed?: boolean;
  ctxParam?: ParameterDeclaration;
  /** Tool/prompt args; the request for setRequestHandler; the uri for resources. */
  argsParam?: ParameterDeclaration;
  /** The registration reaches `fn` through a delegating callback, a wrapper or a registrar (handler-routes.ts). */
  route?: HandlerRoute;
  /** The arguments as `fn` sees them, when it gets names taken out of them (`{ namespace }`) rather than argsParam. */
  argsText?: string;
}

/** True for handlers that may return `inputRequired(...)` (tools/call, prompts/get, resources/read). */
export function canReturnInputRequired(handler: HandlerInfo): boolean {
  return INPUT_REQUIRED_METHODS.has(handler.method);
}

/** `tool handler deploy`, `request handler tools/list` — for messages. */
/** How findings name a handler: its kind and its registered name (or the expression it is registered under). */
export function handlerLabel(handler: HandlerInfo): string {
  const kind = handler.kind === 'request' ? `${handler.method} request handler` : `${handler.kind} handler`;
  return handler.name ? `${kind} '${handler.name}'` : handler.subjectExpression ? `${kind} ${handler.subjectExpression}` : kind;
}

export function describeHandler(handler: HandlerInfo): string {
  if (handler.kind === 'request') return `request handler ${handler.method}`;
  const name = handler.name ?? handler.subjectExpression;
  return name !== undefined ? `${handler.kind} handler ${name}` : `${handler.kind} handler`;
}

const FORMS: ReadonlySet<string> = new Set<HandlerForm>([
  'registerTool',
  'tool',
  'registerPrompt',
  'prompt',
  'registerResource',
  'resource',
  'setRequestHandler',
]);

/** v1 request schemas (`@modelcontextprotocol/sdk/types.js`) and the method each one stands for. */
const SCHEMA_METHODS: Readonly<Record<string, string>> = {
  CallToolRequestSchema: 'tools/call',
  GetPromptRequestSchema: 'prompts/get',
  ReadResourceRequestSchema: 'resources/read',
  ListToolsRequestSchema: 'tools/list',
  ListPromptsRequestSchema: 'prompts/list',
  ListResourcesRequestSchema: 'resources/list',
  ListResourceTemplatesRequestSchema: 'resources/templates/list',
  SubscribeRequestSchema: 'resources/subscribe',
  UnsubscribeRequestSchema: 'resources/unsubscribe',
  CompleteRequestSchema: 'completion/complete',
  SetLevelRequestSchema: 'logging/setLevel',
  PingRequestSchema: 'ping',
  InitializeRequestSchema: 'initialize',
};

/**
 * Every handler registered in the file. Routes through other code that cannot be followed with
 * certainty (a wrapper that changes the result, …) are added to `refusals`, with the handler.
 */
export function findHandlers(sourceFile: SourceFile, refusals: RouteRefusal[] = []): HandlerInfo[] {
  // Only calls are wrapped (walking every node through ts-morph is slow on large files), and only
  // those that can matter: a registration or registrar call has two arguments at least, and
  // sdkImports reads `require(…)` calls, whose callee is an identifier.
  const calls = descendantsOfKindWhere<CallExpression>(sourceFile, SyntaxKind.CallExpression,
    (call: { arguments: unknown[]; expression: { kind: SyntaxKind } }) => call.arguments.length >= 2 || call.expression.kind === SyntaxKind.Identifier);
  const imports = sdkImports(sourceFile, calls);
  const handlers: HandlerInfo[] = [];
  const isRegistration = (c: CallExpression) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && (callee.getName() === 'registerTool' || callee.getName() === 'registerPrompt');
  };
  // A registrar is a function of this file holding one registration: none when all sit outside functions.
  const mayHaveRegistrars = descendantsOfKindWhere<CallExpression>(sourceFile, SyntaxKind.CallExpression, (c: ts.CallExpression) =>
    ts.isPropertyAccessExpression(c.expression) && (c.expression.name.text === 'registerTool' || c.expression.name.text === 'registerPrompt'))
    .some((c) => insideFunction(c));
  for (const call of calls) {
    const info = handlerOf(call, imports, refusals) ?? (mayHaveRegistrars && mightBeRegistrar(call) ? registrarHandler(call, imports, isRegistration, refusals) : undefined);
    if (info) handlers.push(info);
  }
  return handlers.sort((a, b) => a.registration.getStart() - b.registration.getStart());
}

/** Inside a function of any kind (a registrar holds its registration: a file with none inside one has no registrar). */
export function insideFunction(node: Node): boolean {
  return node.getFirstAncestor(isFunctionLike) !== undefined;
}

/** Cheap test before following a call into its function: a name among the arguments (a literal, or read from a name property). */
function mightBeRegistrar(call: CallExpression): boolean {
  const args = call.getArguments();
  return args.length >= 2 && args.some((a) => stringValue(a) !== undefined || (Node.isPropertyAccessExpression(a) && /name|method/i.test(a.getName())));
}

/** `this.tool('name', …, handler)`: the handler of the registration inside `tool`, named by this call. */
function registrarHandler(call: CallExpression, imports: SdkImports, isRegistration: (c: CallExpression) => boolean, refusals: RouteRefusal[]): HandlerInfo | undefined {
  const registrar = registrarCall(call, isRegistration, refusals);
  if (!registrar) return undefined;
  const fn = resolveFunction(registrar.handlerArg);
  if (!fn) return undefined;
  const name = registeredName(registrar.nameArg, fn);
  if (name.name === undefined && name.subjectExpression === undefined) return undefined;
  const info = handlerOf(registrar.registration, imports, refusals, fn);
  if (!info) return undefined;
  const named = { ...info, registration: call, inline: registrar.handlerArg.containsRange(fn.getPos(), fn.getEnd()), route: registrar.route };
  delete named.name;
  delete named.subjectExpression;
  delete named.subjectProblem;
  return delegated({ ...named, ...name });
}

/**
 * A callback whose whole job is to return another function's result hands over to that function:
 * it becomes the handler, bound to the subject of the registration and the arguments it gets.
 */
function delegated(info: HandlerInfo): HandlerInfo {
  if (info.kind !== 'tool' && info.kind !== 'prompt') return info;
  const delegation = delegationOf(info.fn);
  if (!delegation || !info.ctxParam || info.ctxIndexGuessed) return info;
  const ctxArgs = delegation.argSources.flatMap((source, i) => (source === info.ctxIndex ? [i] : []));
  if (ctxArgs.length !== 1) return info;
  const params = delegation.delegate.getParameters();
  const dataArgs = params.filter((_, i) => i !== ctxArgs[0]);
  const { argsText, argsParam } = delegateArgs(info, delegation.argSources, params, ctxArgs[0]) ?? {};
  if (argsText === undefined && !argsParam && dataArgs.length > 0) return info;
  const result: HandlerInfo = {
    ...info,
    fn: delegation.delegate,
    inline: false,
    params,
    ctxIndex: ctxArgs[0],
    ctxParam: params[ctxArgs[0]],
    route: { kind: 'delegate', widen: info.route?.widen ?? [] },
  };
  delete result.argsParam;
  if (argsParam) result.argsParam = argsParam;
  if (argsText !== undefined) result.argsText = argsText;
  return result;
}

/** The delegate's view of the arguments: its parameter that gets them whole, or its named parameters. */
function delegateArgs(info: HandlerInfo, sources: number[], params: ParameterDeclaration[], ctxArg: number): { argsText?: string; argsParam?: ParameterDeclaration } | undefined {
  const argsIndex = info.argsParam ? info.params.indexOf(info.argsParam) : -1;
  const data = sources.map((source, i) => ({ source, param: params[i] })).filter((_, i) => i !== ctxArg);
  if (data.length === 0) return { argsText: '{}' };
  if (data.length === 1 && data[0].source === argsIndex && argsIndex >= 0) return { argsParam: data[0].param };
  // Names taken out of the arguments: bound as the delegate names them.
  if (data.some((d) => d.source !== -1 || !Node.isIdentifier(d.param.getNameNode()))) return undefined;
  return { argsText: `{ ${data.map((d) => d.param.getName()).join(', ')} }` };
}

// ---------------------------------------------------------------------------------------------
// Registrations

/**
 * What a registration call makes of `fn` when it registers `fn` by value (a definition's function,
 * `server.registerTool(t.name, config, t.handler)`): the handler, or undefined when the call is no
 * registration of a kind that takes a function.
 */
export function registrationHandler(call: CallExpression, fn: HandlerFunction): HandlerInfo | undefined {
  const file = call.getSourceFile();
  return registrationOf(call, sdkImports(file, file.getDescendantsOfKind(SyntaxKind.CallExpression)), [], fn);
}

/** The registration method a call is (`registerTool`, `tool`, `setRequestHandler`, …), by its callee's name. */
export function registrationForm(call: CallExpression): HandlerForm | undefined {
  const callee = unwrapExpression(call.getExpression());
  return Node.isPropertyAccessExpression(callee) && FORMS.has(callee.getName()) ? (callee.getName() as HandlerForm) : undefined;
}

interface SdkImports {
  v1: boolean;
  v2: boolean;
}

function sdkImports(sourceFile: SourceFile, calls: CallExpression[]): SdkImports {
  const result = { v1: false, v2: false };
  const mark = (spec: string): void => {
    if (spec === '@modelcontextprotocol/sdk' || spec.startsWith('@modelcontextprotocol/sdk/')) result.v1 = true;
    if (spec === '@modelcontextprotocol/server' || spec.startsWith('@modelcontextprotocol/server/')) result.v2 = true;
  };
  for (const decl of sourceFile.getImportDeclarations()) mark(decl.getModuleSpecifierValue());
  for (const call of calls) {
    if (call.getExpression().getText() === 'require') {
      const first = call.getArguments()[0];
      if (first && Node.isStringLiteral(first)) mark(first.getLiteralValue());
    }
  }
  return result;
}

function handlerOf(call: CallExpression, imports: SdkImports, refusals: RouteRefusal[], registered?: HandlerFunction): HandlerInfo | undefined {
  const info = registrationOf(call, imports, refusals, registered);
  return info && !registered ? delegated(info) : info;
}

function registrationOf(call: CallExpression, imports: SdkImports, refusals: RouteRefusal[], registered?: HandlerFunction): HandlerInfo | undefined {
  // `(server.registerTool as RegisterFn)(…)` calls the method all the same.
  const callee = unwrapExpression(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const form = callee.getName();
  if (!FORMS.has(form)) return undefined;
  // A method of that name on an object of the file's own (a logger's `tool`) registers nothing.
  if (provablyNotSdk(callee.getExpression().compilerNode, form)) return undefined;
  // v2's McpServer has no tool()/prompt()/resource(): in a v2-only file those are a framework's own.
  if ((form === 'tool' || form === 'prompt' || form === 'resource') && imports.v2 && !imports.v1) return undefined;
  const args = call.getArguments() as Expression[];
  if (args.length < 2) return undefined;
  const last = args[args.length - 1];
  // A wrapper call (`withErrorHandling('x', async (args, ctx) => …)`) stands for the handler it passes through.
  const wrapped = registered ? undefined : resolveFunction(last) ? undefined : wrappedHandler(last, refusals);
  const fn = registered ?? resolveFunction(wrapped?.handlerArg ?? last);
  if (!fn) return undefined;
  const inline = last.getPos() <= fn.getPos() && fn.getEnd() <= last.getEnd();
  const params = fn.getParameters();
  const base = { registration: call, fn, inline, params, ...(wrapped ? { route: wrapped.route } : {}) };
  const registerSdk = imports.v1 && !imports.v2 ? 'v1' : imports.v2 && !imports.v1 ? 'v2' : 'unknown';
  const input: FormInput = { form: form as HandlerForm, args, fn, params, base, registerSdk };

  switch (form as HandlerForm) {
    case 'registerTool':
    case 'registerPrompt':
      return registerToolOrPrompt(input);
    case 'tool':
    case 'prompt':
      return v1ToolOrPrompt(input);
    case 'registerResource':
    case 'resource':
      return resourceRegistration(input);
    case 'setRequestHandler':
      return requestRegistration(input);
  }
  return undefined;
}

/** A registration call whose method is one of FORMS, with the handler function it registers. */
interface FormInput {
  form: HandlerForm;
  args: Expression[];
  fn: HandlerFunction;
  params: ParameterDeclaration[];
  /** What every form's handler starts with. */
  base: Pick<HandlerInfo, 'registration' | 'fn' | 'inline' | 'params' | 'route'>;
  /** The SDK the file's imports say a register* call is of. */
  registerSdk: HandlerInfo['sdk'];
}

/** `registerTool(name, config, cb)` / `registerPrompt(name, config, cb)`; undefined when the arguments do not fit. */
function registerToolOrPrompt({ form, args, fn, params, base, registerSdk }: FormInput): HandlerInfo | undefined {
  if (args.length !== 3) return undefined;
  const kind = form === 'registerTool' ? 'tool' : 'prompt';
  const schemaKey = kind === 'tool' ? 'inputSchema' : 'argsSchema';
  const has = objectHasProperty(args[1], schemaKey);
  const { ctxIndex, guessed } = has === undefined ? guessCtxIndex(params) : { ctxIndex: has ? 1 : 0, guessed: false };
  return finish({
    ...base,
    kind,
    method: kind === 'tool' ? 'tools/call' : 'prompts/get',
    ...registeredName(args[0], fn),
    form,
    sdk: registerSdk,
    ctxIndex,
    ctxIndexGuessed: guessed,
    argsIndex: ctxIndex === 1 ? 0 : undefined,
  });
}

/** v1's `tool(name, …, cb)` / `prompt(name, …, cb)` (a description, a schema, annotations between); undefined when the arguments do not fit. */
function v1ToolOrPrompt({ form, args, fn, params, base }: FormInput): HandlerInfo | undefined {
  if (args.length > (form === 'tool' ? 6 : 4)) return undefined;
  const kind = form === 'tool' ? 'tool' : 'prompt';
  let middle = args.slice(1, -1);
  if (middle.length > 0 && isDescription(middle[0], middle.length, kind)) middle = middle.slice(1);
  let ctxIndex: number;
  let guessed = false;
  if (middle.length === 0) ctxIndex = 0;
  else if (middle.length >= 2 || kind === 'prompt') ctxIndex = 1;
  else {
    const shape = classifyToolShape(middle[0]);
    if (shape === 'unknown') ({ ctxIndex, guessed } = guessCtxIndex(params));
    else ctxIndex = shape === 'schema' ? 1 : 0;
  }
  return finish({
    ...base,
    kind,
    method: kind === 'tool' ? 'tools/call' : 'prompts/get',
    ...registeredName(args[0], fn),
    form,
    sdk: 'v1',
    ctxIndex,
    ctxIndexGuessed: guessed,
    argsIndex: ctxIndex === 1 ? 0 : undefined,
  });
}

/** `registerResource(name, uriOrTemplate, metadata, cb)` / v1's `resource(…)`; undefined when the arguments do not fit. */
function resourceRegistration({ form, args, params, base, registerSdk }: FormInput): HandlerInfo | undefined {
  if (form === 'registerResource' ? args.length !== 4 : args.length < 3 || args.length > 4) return undefined;
  const target = resourceTarget(args[1]);
  let ctxIndex: number;
  let guessed = false;
  if (target.template === undefined) {
    ctxIndex = params.length >= 3 ? 2 : 1;
    guessed = true;
  } else ctxIndex = target.template ? 2 : 1;
  return finish({
    ...base,
    kind: 'resource',
    method: 'resources/read',
    name: target.uri,
    form,
    sdk: form === 'resource' ? 'v1' : registerSdk,
    ctxIndex,
    ctxIndexGuessed: guessed,
    argsIndex: 0,
  });
}

/** `setRequestHandler(schemaOrMethod, cb)`; undefined when its method cannot be read. */
function requestRegistration({ args, base, registerSdk }: FormInput): HandlerInfo | undefined {
  if (args.length > 3) return undefined;
  const { method, sdk } = requestMethod(args[0]);
  if (method === undefined) return undefined;
  return finish({
    ...base,
    kind: 'request',
    method,
    name: undefined,
    form: 'setRequestHandler',
    sdk: sdk ?? registerSdk,
    ctxIndex: 1,
    ctxIndexGuessed: false,
    argsIndex: 0,
  });
}

interface Draft extends Omit<HandlerInfo, 'ctxParam' | 'argsParam' | 'ctxIndexGuessed'> {
  ctxIndexGuessed: boolean;
  argsIndex: number | undefined;
}

function finish(draft: Draft): HandlerInfo {
  const { argsIndex, ctxIndexGuessed, ...rest } = draft;
  const info: HandlerInfo = { ...rest };
  if (ctxIndexGuessed) info.ctxIndexGuessed = true;
  const ctxParam = draft.params[draft.ctxIndex];
  if (ctxParam) info.ctxParam = ctxParam;
  const argsParam = argsIndex === undefined ? undefined : draft.params[argsIndex];
  if (argsParam) info.argsParam = argsParam;
  return info;
}

/** Names a lone context parameter is usually given. */
const CTX_NAMES = /^_?(ctx|context|extra|mcpCtx|requestContext|reqCtx|c|ex|_)$/;
/** Properties a destructured context parameter usually has. */
const CTX_PROPS = new Set(['mcpReq', 'signal', 'sendRequest', 'sendNotification', 'sessionId', 'authInfo', 'http', 'requestId', '_meta', 'requestInfo']);

function guessCtxIndex(params: ParameterDeclaration[]): { ctxIndex: number; guessed: boolean } {
  if (params.length >= 2) return { ctxIndex: 1, guessed: true };
  if (params.length === 0) return { ctxIndex: 0, guessed: true };
  const name = params[0].getNameNode();
  if (Node.isIdentifier(name)) return { ctxIndex: CTX_NAMES.test(name.getText()) ? 0 : 1, guessed: true };
  if (Node.isObjectBindingPattern(name)) {
    const looksLikeCtx = name.getElements().some((el) => CTX_PROPS.has(el.getPropertyNameNode()?.getText() ?? el.getName()));
    return { ctxIndex: looksLikeCtx ? 0 : 1, guessed: true };
  }
  return { ctxIndex: 1, guessed: true };
}

/** Whether the config object has `key`; undefined when the object cannot be read. */
function objectHasProperty(expr: Expression, key: string): boolean | undefined {
  const obj = resolveObjectLiteral(expr);
  if (!obj) return undefined;
  if (findProperty(obj, key)) return true;
  return obj.getProperties().some((p) => Node.isSpreadAssignment(p)) ? undefined : false;
}

/** v1 `tool(name, description, cb)` vs `tool(name, schemaOrAnnotations, cb)`. */
function isDescription(expr: Expression, middleCount: number, kind: 'tool' | 'prompt'): boolean {
  if (stringValue(expr) !== undefined) return true;
  const e = unwrapExpression(expr);
  if (Node.isTemplateExpression(e) || (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.PlusToken)) return true;
  // An identifier we cannot resolve: with the maximum number of middle arguments the first must
  // be the description.
  return middleCount >= (kind === 'tool' ? 3 : 2);
}

/** v1 `tool(name, x, cb)`: is x a zod raw shape (params schema) or tool annotations? */
function classifyToolShape(expr: Expression): 'schema' | 'annotations' | 'unknown' {
  const obj = resolveObjectLiteral(expr);
  if (!obj) {
    const e = unwrapExpression(expr);
    if (Node.isCallExpression(e) || Node.isPropertyAccessExpression(e)) return 'schema';
    return Node.isIdentifier(e) ? 'schema' : 'unknown';
  }
  const props = obj.getProperties();
  if (props.length === 0) return 'schema'; // v1 treats `{}` as an empty raw shape
  for (const prop of props) {
    if (!Node.isPropertyAssignment(prop)) return 'unknown';
    const init = unwrapExpression(prop.getInitializerOrThrow());
    if (
      Node.isCallExpression(init) ||
      Node.isPropertyAccessExpression(init) ||
      Node.isIdentifier(init) ||
      Node.isObjectLiteralExpression(init)
    ) {
      return 'schema';
    }
  }
  return 'annotations';
}

/** The uri / template of a resource registration; template undefined when unknown. */
function resourceTarget(expr: Expression, depth = 0): { uri?: string; template?: boolean } {
  const e = unwrapExpression(expr);
  const uri = stringValue(e);
  if (uri !== undefined) return { uri, template: false };
  if (Node.isTemplateExpression(e)) return { template: false };
  if (Node.isNewExpression(e)) {
    const ctor = e.getExpression();
    const name = Node.isIdentifier(ctor) ? importedNameOf(ctor) : Node.isPropertyAccessExpression(ctor) ? ctor.getName() : undefined;
    if (name === 'ResourceTemplate') {
      const first = e.getArguments()[0] as Expression | undefined;
      return { uri: first ? stringValue(first) : undefined, template: true };
    }
    return {};
  }
  if (Node.isIdentifier(e) && depth < 5) {
    const decl = resolveIdentifier(e);
    if (decl && Node.isVariableDeclaration(decl)) {
      const init = decl.getInitializer();
      if (init) return resourceTarget(init, depth + 1);
    }
  }
  return {};
}

/** Method of `setRequestHandler(first, …)`; undefined method when `first` cannot be a method. */
function requestMethod(expr: Expression): { method?: string; sdk?: 'v1' | 'v2' } {
  const e = unwrapExpression(expr);
  const literal = stringValue(e);
  if (literal !== undefined) return { method: literal, sdk: 'v2' };
  let schemaName: string | undefined;
  if (Node.isIdentifier(e)) schemaName = importedNameOf(e);
  else if (Node.isPropertyAccessExpression(e)) schemaName = e.getName();
  if (schemaName === undefined) return {};
  if (schemaName in SCHEMA_METHODS) return { method: SCHEMA_METHODS[schemaName], sdk: 'v1' };
  if (/RequestSchema$/.test(schemaName)) return { method: UNKNOWN_METHOD, sdk: 'v1' };
  // An identifier holding a method string we cannot see (imported constant).
  return Node.isIdentifier(e) ? { method: UNKNOWN_METHOD } : {};
}

