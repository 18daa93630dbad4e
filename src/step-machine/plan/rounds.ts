// Which asking statements of a block go out together, as one round: consecutive ones whose
// requests read no answer of the round so far, after statements that only receive their answers;
// a loop's questions are a round of their own.
import { Node, type Statement } from '../../ts-morph.js';
import { bindingNames, referencedNames } from '../../ast/names.js';
import { camelCase, uniqueName } from '../../ast/naming.js';
import type { Ask, Round } from './handler-plan.js';
import type { LoopAsk, LoopBatch } from './loops.js';
import { isBatchAwait } from './question-awaits.js';

/**
 * The rounds of a block, from its named asks by statement index (`indices` in order) and its loops
 * by their statement's index; a loop round's locals are named from `taken`.
 */
export function groupRounds(
  statements: Statement[],
  asksByStatement: ReadonlyMap<number, Ask[]>,
  indices: number[],
  loopAt: ReadonlyMap<number, LoopAsk | LoopBatch>,
  taken: Set<string>,
): Round[] {
  const rounds: Round[] = [];
  for (const index of indices) {
    const asks = asksByStatement.get(index)!;
    const previous = rounds[rounds.length - 1];
    const bound = previous ? previous.asks.flatMap((a) => boundNames(statements[previous.last], a)) : [];
    const usesEarlier = asks.some((a) => a.site.params && referencedNames(a.site.params).some((n) => bound.includes(n)));
    const looped = loopAt.has(index) || (previous !== undefined && previous.loop !== undefined);
    if (previous && previous.last === index - 1 && !usesEarlier && !looped && onlyReceives(statements[previous.last], previous.asks)) {
      previous.last = index;
      previous.asks.push(...asks);
    } else {
      const loop = loopAt.get(index);
      const base = camelCase(asks[0].key);
      rounds.push({
        first: index, last: index, asks, step: '', dropped: new Set(),
        loop: loop?.kind === 'reask' ? { ...loop, dropInner: asks[0].replacement === undefined, usedFlag: uniqueName(`${base}AnswerUsed`, taken, '') } : undefined,
        batch: loop?.kind === 'batch'
          ? { ...loop, requests: uniqueName(`${base}Requests`, taken, ''), answers: uniqueName(`${base}Answers`, taken, ''), index: uniqueName(`${base}Index`, taken, '') }
          : undefined,
      });
    }
  }
  for (const round of rounds) {
    round.step = round.asks.map((a) => a.key).join('+');
    for (let i = round.first; i <= round.last; i++) {
      const asks = asksByStatement.get(i)!;
      if (!round.loop && !round.batch && asks.every((a) => a.replacement === undefined && !isBatchAwait(a.awaitNode))) round.dropped.add(i);
    }
  }
  return rounds;
}

/**
 * The asking statement does nothing but receive its answers (`const a = await ask(…)`, a
 * destructuring, `await ask(…);`): nothing runs between it and the next question, so both can go
 * out in one round. `if ((await ask(…)).action !== 'accept') return …` decides whether the next
 * question is asked at all, so it cannot.
 */
function onlyReceives(statement: Statement, asks: Ask[]): boolean {
  const awaited = new Set(asks.map((a) => a.awaitNode));
  const direct = (expr: Node | undefined): boolean => {
    while (expr && Node.isParenthesizedExpression(expr)) expr = expr.getExpression();
    return expr !== undefined && awaited.has(expr);
  };
  if (Node.isVariableStatement(statement)) return statement.getDeclarations().every((d) => direct(d.getInitializer()));
  if (Node.isExpressionStatement(statement)) return direct(statement.getExpression());
  return false;
}

/** Names a round's statement binds from this ask's answer. */
function boundNames(statement: Statement, ask: Ask): string[] {
  if (Node.isVariableStatement(statement)) {
    return statement.getDeclarationList().getDeclarations().flatMap((d) => bindingNames(d.getNameNode()));
  }
  return ask.answerName ? [ask.answerName] : [];
}
