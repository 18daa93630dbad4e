// Shapes v1 typed loosely and v2 types exactly. Older v1 releases (1.15, say) built their protocol
// types from zod 3 passthrough objects: any extra key typechecked (written, or read as unknown).
// v2's do not, so code that relied on it stops typechecking once the file is on v2. Each such spot
// is reported as an error, which keeps the file on v1 (src/upgrade/sdk-upgrade.ts): the right replacement
// (drop the key, move it, read another field) is the author's call.
//   new McpServer(info, { capabilities })  keys that are no Implementation / ServerCapabilities field
//   isInitializeRequest(x) ? x.params.key   keys that are no field of initialize params
//   (await …createMessage(…)).content.text  a field of one kind of content block, read unchecked
import { ts } from '../../ts-morph.js';
import type { FindingInput } from '../../types.js';
import { unwrap, walk } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import type { FileFacts } from './facts.js';
import { V1_UPGRADE_RULE } from './registrations.js';

/** The fields of v2's types (@modelcontextprotocol/server 2.4). */
const IMPLEMENTATION = ['name', 'version', 'title', 'description', 'websiteUrl', 'icons'];
const SERVER_CAPABILITIES = ['experimental', 'logging', 'completions', 'prompts', 'resources', 'tools', 'tasks', 'extensions'];
const INITIALIZE_PARAMS = ['protocolVersion', 'capabilities', 'clientInfo', '_meta'];
/** The fields every content block of a sampling answer has. */
const CONTENT_BLOCK = ['type', '_meta', 'annotations'];

const LOOSE = "v2's type has no such key, so this line does not typecheck on v2 (the v1 releases whose types let any key through accepted it)";

/** What the checks of one file share. */
interface ShapeScan {
  file: ts.SourceFile;
  /** `local` is imported from the v1 SDK as one of `names`. */
  v1Name: (local: string, ...names: string[]) => boolean;
  error: (node: ts.Node, message: string, suggestion: string) => void;
}

export function exactShapeFindings(facts: FileFacts): FindingInput[] {
  const { file } = facts;
  const v1Name = (local: string, ...names: string[]) => {
    const binding = facts.bindings.get(local);
    return binding !== undefined && isV1Module(binding.module) && names.includes(binding.imported);
  };
  const findings: FindingInput[] = [];
  const error = (node: ts.Node, message: string, suggestion: string) =>
    findings.push({ rule: V1_UPGRADE_RULE, severity: 'error', pos: node.getStart(file), message, suggestion });
  const scan: ShapeScan = { file, v1Name, error };
  walk(file, (node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && v1Name(node.expression.text, 'McpServer', 'Server')) serverKeys(scan, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isSamplingRequest(node.initializer)) contentReads(scan, node, node.name.text);
    if (ts.isIfStatement(node)) initializeParamReads(scan, node);
  });
  return findings;
}

/** The properties of an object literal whose keys are not in `known`. */
function unknownKeys(literal: ts.Expression | undefined, known: readonly string[]): (ts.PropertyAssignment | ts.ShorthandPropertyAssignment)[] {
  const object = literal && unwrap(literal);
  if (!object || !ts.isObjectLiteralExpression(object)) return [];
  return object.properties.filter((p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
    (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && !known.includes(p.name.text));
}

/** `new McpServer(info, { capabilities })`: keys that are no Implementation / ServerCapabilities field. */
function serverKeys({ file, error }: ShapeScan, node: ts.NewExpression): void {
  const [info, options] = node.arguments ?? [];
  for (const key of unknownKeys(info, IMPLEMENTATION)) {
    error(
      key,
      `'${key.name.getText(file)}' is no field of the server's identity (v2's Implementation has ${IMPLEMENTATION.join(', ')}): ${LOOSE}`,
      key.name.getText(file) === 'capabilities'
        ? 'Move the capabilities into the second argument (`{ capabilities: { … } }`), or remove the key.'
        : 'Remove the key, or put what it says in `description`.',
    );
  }
  const optionsObject = options && unwrap(options);
  const capabilities = optionsObject && ts.isObjectLiteralExpression(optionsObject)
    ? optionsObject.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'capabilities')
    : undefined;
  for (const key of unknownKeys(capabilities?.initializer, SERVER_CAPABILITIES)) {
    error(
      key,
      `'${key.name.getText(file)}' is no server capability in v2 (ServerCapabilities has ${SERVER_CAPABILITIES.join(', ')}): ${LOOSE}`,
      'Remove it (sampling, elicitation and roots are capabilities the client declares, not the server), or move it under `experimental`.',
    );
  }
}

/** A sampling answer declared as `answer`: fields of one kind of content block read without checking `content.type`. */
function contentReads({ file, error }: ShapeScan, node: ts.VariableDeclaration, answer: string): void {
  const scope = enclosingFunction(node) ?? file;
  const content = (n: ts.Node): n is ts.PropertyAccessExpression =>
    ts.isPropertyAccessExpression(n) && n.name.text === 'content' && ts.isIdentifier(unwrap(n.expression)) && (unwrap(n.expression) as ts.Identifier).text === answer;
  let checked = false;
  const reads: ts.PropertyAccessExpression[] = [];
  walk(scope, (inner) => {
    if (ts.isPropertyAccessExpression(inner) && content(unwrap(inner.expression))) {
      if (inner.name.text === 'type') checked = true;
      else if (!CONTENT_BLOCK.includes(inner.name.text)) reads.push(inner);
    }
    // Array.isArray(answer.content): the author narrows by hand.
    if (ts.isCallExpression(inner) && inner.expression.getText(file) === 'Array.isArray' && inner.arguments.length === 1 && content(unwrap(inner.arguments[0]))) checked = true;
  });
  for (const read of checked ? [] : reads) {
    error(
      read.name,
      `'${read.name.text}' is a field of one kind of content block: in v2 a sampling answer's content is a text, image or audio block (or a list of blocks when the request offers tools), so reading it without checking \`content.type\` does not typecheck on v2 (the v1 releases whose types let any key through accepted it)`,
      `Check the block first, e.g. \`${answer}.content.type === 'text' ? ${answer}.content.text : …\` (with \`Array.isArray(${answer}.content)\` first when the answer may be a list).`,
    );
  }
}

/** `if (isInitializeRequest(x)) … x.params.key`: keys that are no field of initialize params. */
function initializeParamReads({ file, v1Name, error }: ShapeScan, node: ts.IfStatement): void {
  for (const subject of initializeGuards(node.expression, v1Name)) {
    walk(node.thenStatement, (inner) => {
      if (!ts.isPropertyAccessExpression(inner) || INITIALIZE_PARAMS.includes(inner.name.text)) return;
      const params = unwrap(inner.expression);
      if (ts.isPropertyAccessExpression(params) && params.name.text === 'params' && unwrap(params.expression).getText(file) === subject) {
        error(
          inner.name,
          `'${inner.name.text}' is no field of initialize params (v2's InitializeRequest params have ${INITIALIZE_PARAMS.join(', ')}): ${LOOSE}`,
          'Read what the client sends instead (`params.clientInfo.name`, `params.clientInfo.version`, `params.capabilities`), or drop the read.',
        );
      }
    });
  }
}

/** `await x.sendRequest({ method: 'sampling/createMessage', … }, …)` or `await x.createMessage(…)`. */
function isSamplingRequest(init: ts.Expression): boolean {
  const awaited = unwrap(init);
  if (!ts.isAwaitExpression(awaited)) return false;
  const call = unwrap(awaited.expression);
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
  if (call.expression.name.text === 'createMessage') return true;
  const request = call.arguments[0] && unwrap(call.arguments[0]);
  return (
    call.expression.name.text === 'sendRequest' &&
    request !== undefined &&
    ts.isObjectLiteralExpression(request) &&
    request.properties.some((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'method' && ts.isStringLiteralLike(p.initializer) && p.initializer.text === 'sampling/createMessage')
  );
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isFunctionLike(current)) return current;
  return undefined;
}

/** The subjects `x` of `isInitializeRequest(x)` calls an `if` condition requires (through `&&`). */
function initializeGuards(condition: ts.Expression, v1Name: (local: string, ...names: string[]) => boolean): string[] {
  const expr = unwrap(condition);
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return [...initializeGuards(expr.left, v1Name), ...initializeGuards(expr.right, v1Name)];
  }
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression) && v1Name(expr.expression.text, 'isInitializeRequest') && expr.arguments.length === 1) {
    return [unwrap(expr.arguments[0]).getText()];
  }
  return [];
}
