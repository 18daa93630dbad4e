// Shapes v1 typed loosely and v2 types exactly. Older v1 releases (1.15, say) built their protocol
// types from zod 3 passthrough objects: any extra key typechecked (written, or read as unknown).
// v2's do not, so code that relied on it stops typechecking once the file is on v2. Each such spot is left as it was and
// reported as an error: the right replacement (drop the key, move it, read another field) is the
// author's call.
//   new McpServer(info, { capabilities })  keys that are no Implementation / ServerCapabilities field
//   isInitializeRequest(x) ? x.params.key   keys that are no field of initialize params
import { ts } from '../ts-morph.js';
import type { FindingInput } from '../types.js';
import { isV1Module, unwrap, walk } from './ast.js';
import type { FileFacts } from './facts.js';
import { V1_UPGRADE_RULE } from './registrations.js';

/** The fields of v2's types (@modelcontextprotocol/server 2.4). */
const IMPLEMENTATION = ['name', 'version', 'title', 'description', 'websiteUrl', 'icons'];
const SERVER_CAPABILITIES = ['experimental', 'logging', 'completions', 'prompts', 'resources', 'tools', 'tasks', 'extensions'];
const INITIALIZE_PARAMS = ['protocolVersion', 'capabilities', 'clientInfo', '_meta'];

const LOOSE = "v2's type has no such key, so this line does not typecheck on v2 (the v1 releases whose types let any key through accepted it)";

export function exactShapeFindings(facts: FileFacts): FindingInput[] {
  const { file } = facts;
  const v1Name = (local: string, ...names: string[]) => {
    const binding = facts.bindings.get(local);
    return binding !== undefined && isV1Module(binding.module) && names.includes(binding.imported);
  };
  const findings: FindingInput[] = [];
  const error = (node: ts.Node, message: string, suggestion: string) =>
    findings.push({ rule: V1_UPGRADE_RULE, severity: 'error', pos: node.getStart(file), message, suggestion });
  const unknownKeys = (literal: ts.Expression | undefined, known: readonly string[]) => {
    const object = literal && unwrap(literal);
    if (!object || !ts.isObjectLiteralExpression(object)) return [];
    return object.properties.filter((p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && !known.includes(p.name.text));
  };

  walk(file, (node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && v1Name(node.expression.text, 'McpServer', 'Server')) {
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
    if (ts.isIfStatement(node)) {
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
  });
  return findings;
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
