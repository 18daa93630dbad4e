// What each ask is called: its input key after what is asked (the local that receives the answer,
// a helper's hint, the schema's one property, else its kind), and its answer and request locals
// after the key, none of them a name the handler or the generated code already uses.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import { camelCase, snakeCase, uniqueName } from '../../ast/naming.js';
import { parentOutsideParentheses } from '../../ast/unwrap.js';
import { helperOutcomeCall } from './asks.js';
import type { Ask, AskKind } from './handler-plan.js';
import { isBatchAwait } from './question-awaits.js';

/** Names the generated code imports. */
export const GENERATED_IMPORTS = ['inputRequired', 'mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities'];

/** Receiver names that say nothing about what is asked: the key comes from the schema or the kind. */
const GENERIC_NAMES = new Set(['answer', 'answers', 'result', 'results', 'res', 'resp', 'response', 'reply', 'input', 'r',
  'value', 'data', 'elicitation', 'elicit_result', 'elicitation_result', 'sampling_result', 'roots_result', 'user_input', 'output']);

const DEFAULT_KEYS: Record<AskKind, string> = { elicit: 'confirm', 'elicit-url': 'consent', sampling: 'summary', roots: 'roots' };

/** Input key after what is asked; answer and request locals after the key. */
export function nameAsk(ask: Ask, statement: Statement, keys: Set<string>, taken: Set<string>): void {
  const awaited = ask.awaitNode;
  const batch = isBatchAwait(awaited);
  const parent = parentOutsideParentheses(awaited);
  let receiver: string | undefined;
  if (batch) {
    receiver = batchBindingName(ask);
  } else if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode()) && Node.isVariableStatement(statement)) {
    receiver = parent.getName();
  } else if (parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken && Node.isIdentifier(parent.getLeft())) {
    receiver = parent.getLeft().getText();
  }
  const fromReceiver = receiver && !GENERIC_NAMES.has(snakeCase(receiver)) ? snakeCase(receiver) : undefined;
  const base = fromReceiver ?? ask.helperCall?.helper.keyHint ?? schemaSingleProperty(ask) ?? DEFAULT_KEYS[ask.kind];
  ask.key = uniqueName(base || DEFAULT_KEYS[ask.kind], keys);
  const simpleBinding = !batch && parent && Node.isVariableDeclaration(parent) &&
    Node.isIdentifier(parent.getNameNode()) && Node.isVariableStatement(statement) &&
    statement.getDeclarationList().getDeclarations().length === 1;
  const resultFn = ask.helperCall?.helper.resultFn;
  const ignored = !batch && parent !== undefined && Node.isExpressionStatement(parent) && !resultFn;
  const guarded = ask.helperCall?.helper.guarded === true;
  if (simpleBinding && !resultFn && !guarded) {
    ask.answerName = (parent as import('ts-morph').VariableDeclaration).getName();
    ask.replacement = undefined;
  } else {
    const camel = camelCase(ask.key);
    const preferred = /answer$/i.test(camel) || GENERATED_IMPORTS.includes(`${camel}Answer`) ? `${camel}Result` : `${camel}Answer`;
    ask.answerName = uniqueName(preferred, taken, '');
    // A statement that only awaited the answer (`await ask(...)`) goes; a batch keeps its statement.
    ask.replacement = batch || ignored ? undefined : ask.answerName;
    if (resultFn && ask.replacement !== undefined) {
      // The helper's code after the question runs here, at the resume step, on the answer.
      ask.replacement = helperOutcomeCall(ask, ask.answerName);
    }
    if (guarded && ask.replacement !== undefined) {
      // The request line says whether the helper asked (`ask`) or returned without asking (`done`).
      ask.requestName = uniqueName(`${camelCase(ask.key)}Request`, taken, '');
      const outcome = resultFn ? ask.replacement.replace(new RegExp(`${ask.answerName}\\)$`), `${ask.answerName}!)`) : `${ask.answerName}!`;
      const choice = `'done' in ${ask.requestName} ? ${ask.requestName}.done : ${outcome}`;
      let outer: Node = awaited;
      while (outer.getParent() && Node.isParenthesizedExpression(outer.getParent()!)) outer = outer.getParent()!;
      const holder = outer.getParent();
      const bare = outer === awaited && holder !== undefined && (Node.isVariableDeclaration(holder) || Node.isReturnStatement(holder) || Node.isIfStatement(holder));
      ask.replacement = bare ? choice : `(${choice})`;
      ask.replaceNode = outer;
      return;
    }
    // `(await ask(p)).action` → `answer.action`: parentheses around a plain name or call go too.
    if (ask.replacement !== undefined && !ask.replacement.startsWith('await ')) {
      let outer: Node = awaited;
      while (outer.getParent() && Node.isParenthesizedExpression(outer.getParent()!)) outer = outer.getParent()!;
      ask.replaceNode = outer;
    }
  }
  if (ask.kind !== 'roots') ask.requestName = uniqueName(`${camelCase(ask.key)}Request`, taken, '');
}

/** `const [a, b] = await Promise.all([…])`: the name bound to this ask's element. */
function batchBindingName(ask: Ask): string | undefined {
  const call = (ask.awaitNode as import('ts-morph').AwaitExpression).getExpression() as import('ts-morph').CallExpression;
  const array = call.getArguments()[0];
  if (!array || !Node.isArrayLiteralExpression(array)) return undefined;
  const index = array.getElements().findIndex((e) => e === (ask.site.call ?? ask.site.node) || e.getDescendants().includes(ask.site.call ?? ask.site.node));
  const decl = parentOutsideParentheses(ask.awaitNode);
  if (!decl || !Node.isVariableDeclaration(decl)) return undefined;
  const nameNode = decl.getNameNode();
  if (!Node.isArrayBindingPattern(nameNode)) return undefined;
  const element = nameNode.getElements()[index];
  return element && Node.isBindingElement(element) && Node.isIdentifier(element.getNameNode()) ? element.getName() : undefined;
}

/** The one property a form question's requestedSchema asks for, in snake_case. */
function schemaSingleProperty(ask: Ask): string | undefined {
  const params = ask.site.params;
  if (!params || !Node.isObjectLiteralExpression(params)) return undefined;
  const schema = params.getProperty('requestedSchema');
  if (!schema || !Node.isPropertyAssignment(schema)) return undefined;
  const init = schema.getInitializer();
  if (!init || !Node.isObjectLiteralExpression(init)) return undefined;
  const props = init.getProperty('properties');
  if (!props || !Node.isPropertyAssignment(props)) return undefined;
  const obj = props.getInitializer();
  if (!obj || !Node.isObjectLiteralExpression(obj)) return undefined;
  const names = obj.getProperties().map((p) => (Node.isPropertyAssignment(p) ? p.getName().replace(/^['"]|['"]$/g, '') : undefined));
  return names.length === 1 && names[0] ? snakeCase(names[0]) : undefined;
}
