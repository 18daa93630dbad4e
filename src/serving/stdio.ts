// stdio: `await server.connect(new StdioServerTransport())` (and the usual variants: the transport
// in a variable, not awaited, inside `main()`, a class's `this.server`) becomes
// `serveStdio(factory)`, the entry that serves 2026-07-28 (and still 2025) over stdio; the code that
// builds the server stays where it is (./factory.ts). A transport that is used elsewhere or built
// with arguments is handed over as `{ transport }`.
import { descendantsOfKindWhere, Node, SyntaxKind, ts, type CallExpression, type SourceFile } from '../ts-morph.js';
import { resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import type { TextStyle } from '../ast/text-style.js';
import type { FindingInput, TextEdit } from '../types.js';
import { removalRange } from '../ast/removal.js';
import { addImport, isNewOf, referencesTo, STDIO_PACKAGE, type ImportPlan } from './common.js';
import { stdioFactory } from './factory.js';
import { isExported } from '../ast/exports.js';
import { provablyNotSdk, receiverOrigin } from '../analysis/sdk-receivers.js';
import { TypedMembers } from '../analysis/typed-members.js';

export const STDIO_RULE = 'serve-stdio-manual';

const STDIO_TRANSPORT = /^StdioServerTransport$/;

/** The public members of McpServer and Server (v1 and v2): what code can use on an SDK server. */
const SERVER_MEMBERS = new Set(
  ('assertCanSetRequestHandler close connect createElicitationCompletionNotifier createMessage elicitInput experimental fallbackNotificationHandler ' +
    'fallbackRequestHandler getCapabilities getClientCapabilities getClientVersion getNegotiatedProtocolVersion isConnected listRoots notification ' +
    'onclose onerror oninitialized ping projectCallToolResult prompt registerCapabilities registerPrompt registerResource registerTool ' +
    'removeNotificationHandler removeRequestHandler request resolveScopeChallenge resource sendLoggingMessage sendPromptListChanged ' +
    'sendResourceListChanged sendResourceUpdated sendToolListChanged server setNotificationHandler setRequestHandler tool toolInputSchemaJson transport').split(' '),
);

export function rewriteStdio(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  v1: boolean,
  imports: ImportPlan,
  edits: TextEdit[],
  findings: FindingInput[],
): void {
  // Only `x.connect(one argument)` calls can be stdioConnect's: the others are not wrapped.
  const connectCalls = descendantsOfKindWhere<CallExpression>(sourceFile, SyntaxKind.CallExpression, (c: ts.CallExpression) =>
    c.arguments.length === 1 && ts.isPropertyAccessExpression(c.expression) && c.expression.name.text === 'connect');
  // The checker's view of the file, made for the first stdio connect only (most files have none).
  let typed: TypedMembers | undefined;
  try {
    for (const call of connectCalls) rewriteOne(call);
  } finally {
    typed?.dispose();
  }

  function rewriteOne(call: CallExpression): void {
    const connect = stdioConnect(call);
    if (!connect) return;
    const { serverExpr, transportArg } = connect;
    const where = call.getStart();
    const manual = (reason: string) =>
      findings.push({
        rule: STDIO_RULE,
        severity: 'warning',
        pos: where,
        message: `stdio serving left as it was: ${reason}; a plain connect() keeps speaking the 2025 revision`,
        suggestion: `Serve the server with serveStdio instead of connecting it: \`import { serveStdio } from '${STDIO_PACKAGE}'; serveStdio(() => server);\` (stdio has one connection, so the set-up server can be the one served).`,
      });
    if (v1) {
      manual('its server still comes from @modelcontextprotocol/sdk 1.x, which has no serveStdio: finish the v1→v2 upgrade first (the sdk-upgrade findings say what is left)');
      return;
    }
    const statement = call.getFirstAncestorByKind(SyntaxKind.ExpressionStatement);
    const expr = statement ? unwrapExpression(statement.getExpression()) : undefined;
    const bare = expr && (expr === call || ((Node.isAwaitExpression(expr) || Node.isVoidExpression(expr)) && unwrapExpression(expr.getExpression()) === call));
    if (!statement || !bare) {
      manual('the connect() call is used as a value (chained, returned or assigned)');
      return;
    }
    // The transport: a variable initialised with `new StdioServerTransport(...)`, or inline.
    let transportOption: string | undefined;
    const removed: { start: number; end: number }[] = [];
    const transportEdits: TextEdit[] = [];
    if (Node.isIdentifier(transportArg)) {
      const tdecl = resolveIdentifier(transportArg);
      if (!tdecl || !Node.isVariableDeclaration(tdecl) || !tdecl.getInitializer() || !isNewOf(tdecl.getInitializer()!, STDIO_TRANSPORT)) {
        manual(`${transportArg.getText()} is not a StdioServerTransport this file creates`);
        return;
      }
      const others = referencesTo(sourceFile, transportArg.getText(), tdecl).filter((r) => r !== transportArg);
      const ctorArgs = (unwrapExpression(tdecl.getInitializer()!) as Node & { getArguments(): Node[] }).getArguments();
      const tstatement = tdecl.getVariableStatement();
      if (others.length === 0 && ctorArgs.length === 0 && tstatement && tstatement.getDeclarations().length === 1 && !isExported(tstatement)) {
        const lines = removalRange(text, tstatement, { collapseBlank: true });
        transportEdits.push({ start: lines.start, end: lines.end, text: '' });
        removed.push(lines);
      } else {
        transportOption = transportArg.getText();
      }
    } else {
      const ctorArgs = (unwrapExpression(transportArg) as Node & { getArguments(): Node[] }).getArguments();
      if (ctorArgs.length > 0) transportOption = transportArg.getText();
    }
    const foreign = foreignMember(sourceFile, serverExpr);
    if (foreign) {
      manual(`${serverExpr.getText()} is used as ${serverExpr.getText()}.${foreign}, which neither McpServer nor Server has: it wraps a server rather than being one, and serveStdio needs a function that returns the server itself`);
      return;
    }
    // By the checker (the package's own modules resolve even before npm install): a connect() that is
    // a method of the user's own class (a wrapper that connects the SDK server it holds) is no SDK server's.
    // Asked only where the file does not show the server built from the SDK: a typed copy loads every
    // declaration the file imports (googleapis' alone is gigabytes of syntax trees).
    const shownSdk = receiverOrigin(serverExpr.compilerNode as ts.Expression).kind === 'sdk';
    if (!shownSdk) typed ??= new TypedMembers(sourceFile.getFilePath(), text);
    const owner = typed?.owner(call.getExpression().compilerNode as ts.PropertyAccessExpression);
    if (owner?.kind === 'other') {
      const where = owner.inThisFile ? 'this file' : owner.inDependency ? `a dependency (${owner.where})` : `this package's own code (${owner.where})`;
      manual(`${serverExpr.getText()} is no SDK server: the type checker finds its connect() declared in ${where}, and serveStdio needs a function that returns the McpServer or Server itself (serve the server it wraps, where it connects it)`);
      return;
    }
    const stmtRange = { start: statement.getStart(), end: statement.getEnd() };
    const factory = stdioFactory(sourceFile, text, serverExpr, stmtRange);
    if ('reason' in factory) {
      manual(factory.reason);
      return;
    }
    const semi = style.semicolons ? ';' : '';
    const option = transportOption === undefined ? '' : transportOption === 'transport' ? ', { transport }' : `, { transport: ${transportOption} }`;
    edits.push(...transportEdits, ...factory.edits, { start: stmtRange.start, end: stmtRange.end, text: `serveStdio(${factory.expression}${option})${semi}` });
    imports.removed.push(...removed, ...factory.removed, stmtRange);
    addImport(imports, STDIO_PACKAGE, 'serveStdio');
    for (const id of factory.expression.match(/[A-Za-z_$][\w$]*/g) ?? []) imports.inserted.add(id);
    if (transportOption !== undefined) for (const id of transportOption.match(/[A-Za-z_$][\w$]*/g) ?? []) imports.inserted.add(id);
  }
}

/** A member the variable `serverExpr` is used with that no SDK server has (a wrapper's `getServer()`). */
function foreignMember(sourceFile: SourceFile, serverExpr: Node): string | undefined {
  if (!Node.isIdentifier(serverExpr)) return undefined;
  const decl = resolveIdentifier(serverExpr);
  if (!decl) return undefined;
  for (const ref of referencesTo(sourceFile, serverExpr.getText(), decl)) {
    const parent = ref.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref && !SERVER_MEMBERS.has(parent.getName())) return parent.getName();
  }
  return undefined;
}

/** `<server>.connect(<stdio transport>)`. */
function stdioConnect(call: CallExpression): { serverExpr: Node; transportArg: Node } | undefined {
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'connect') return undefined;
  const args = call.getArguments();
  if (args.length !== 1) return undefined;
  // An object of the file's own with a connect method (a database client's) is not a server.
  if (provablyNotSdk(callee.getExpression().compilerNode, 'connect')) return undefined;
  const arg = unwrapExpression(args[0]);
  if (isNewOf(arg, STDIO_TRANSPORT)) return { serverExpr: unwrapExpression(callee.getExpression()), transportArg: arg };
  if (Node.isIdentifier(arg)) {
    const decl = resolveIdentifier(arg);
    const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
    if (init && isNewOf(init, STDIO_TRANSPORT)) return { serverExpr: unwrapExpression(callee.getExpression()), transportArg: arg };
  }
  return undefined;
}

