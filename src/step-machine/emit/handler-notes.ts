// The info findings that go with a migrated handler: what now behaves differently, though nothing
// needs changing (request options and Promise.race timeouts dropped, side effects on the first leg
// only, loops asking per round or per item, answers validated, elicitationId removed).
import type { FindingInput } from '../../types.js';
import { isRaceAwait } from '../plan/question-awaits.js';
import { type HandlerPlan } from '../plan/handler-plan.js';
import { handlerLabel } from '../../analysis/handlers.js';
import { isPureStatement } from '../../analysis/purity.js';
import { oneLine } from '../../ast/text.js';

export function handlerNotes(plan: HandlerPlan): FindingInput[] {
  const { containers, prefixes } = plan;
  const where = handlerLabel(plan.handler);
  const asks = containers.flatMap((c) => c.rounds.flatMap((r) => r.asks));
  const findings: FindingInput[] = [];
  for (const site of plan.droppedOptions) {
    findings.push({
      rule: 'push-option-dropped',
      severity: 'info',
      pos: site.options!.getStart(),
      message: `request options of ${site.api} in ${where} (${oneLine(site.options!)}) no longer apply: the client answers on its own time`,
      suggestion: 'Bound the wait with the state expiry (MCP_REQUEST_STATE_TTL_SECONDS) instead.',
    });
  }
  for (const ask of asks.filter((a) => isRaceAwait(a.awaitNode))) {
    findings.push({
      rule: 'promise-race-timeout', severity: 'info', pos: ask.awaitNode.getStart(),
      message: `the Promise.race around ${ask.site.api} in ${where} is dropped: the client answers on its own time, so the timeout no longer applies`,
      suggestion: 'Bound the wait with the state expiry (MCP_REQUEST_STATE_TTL_SECONDS) if you need a limit.',
    });
  }
  // The first side effect that now runs on the first leg only: in a lifted prefix, or before a container's first question.
  const firstLegOnly = [...prefixes.map((p) => p.statements), ...containers.map((c) => c.statements.slice(0, c.rounds[0].first)
    .filter((st) => !c.hoisted.includes(st) && !plan.deferred.some((d) => d.declaration === st)))];
  for (const before of firstLegOnly) {
    const effect = before.find((st) => !isPureStatement(st));
    if (effect) {
      findings.push({
        rule: 'side-effect-before-input', severity: 'info', pos: effect.getStart(),
        message: `code before the first question in ${where} runs once per logical call, on the first leg; a retry resumes after it`,
      });
    }
  }
  for (const container of containers) {
    container.rounds.forEach((round, k) => {
      if (round.batch) {
        const ask = round.asks[0];
        findings.push({
          rule: 'questions-per-item-one-round', severity: 'info', pos: ask.site.node.getStart(),
          message: `${ask.site.api} in ${where} is asked for every item of ${round.batch.iterable.getText()} at once, in one round (keys ${ask.key}_0, ${ask.key}_1, …); the ${round.batch.callback ? 'callbacks then run' : 'loop then runs'} on the answers`,
          suggestion: 'Nothing to do unless the user must see each question only after the previous item was handled.',
        });
      }
      if (!round.loop) return;
      const carried = container.live[k].length > 0 ? ` (${container.live[k].join(', ')})` : '';
      findings.push({
        rule: 'question-in-loop-resumed', severity: 'info', pos: round.asks[0].site.node.getStart(),
        message: `${round.asks[0].site.api} in ${where} asks again each time round the loop: every asking is one input round and the loop state${carried} travels in requestState; past the state module's round limit (MAX_ROUNDS, 8 per call) the call ends with an error instead of asking again`,
        suggestion: 'Bound the loop yourself (an attempt counter) if a clear message at the limit matters, or raise MAX_ROUNDS in the state module.',
      });
    });
  }
  const elicits = asks.filter((a) => a.kind === 'elicit');
  if (elicits.length > 0) {
    findings.push({
      rule: 'answer-validation',
      severity: 'info',
      pos: elicits[0].site.node.getStart(),
      message: `accepted answers in ${where} are validated against the schema they were asked with; invalid content asks again`,
    });
  }
  for (const ask of asks) {
    if (ask.kind === 'elicit-url' && ask.site.params && /\belicitationId\b/.test(ask.site.params.getText())) {
      findings.push({
        rule: 'elicitation-id-removed',
        severity: 'info',
        pos: ask.site.params.getStart(),
        message: `elicitationId removed from the URL elicitation in ${where}: 2026-07-28 has no elicitationId`,
        suggestion: 'If you correlate the out-of-band flow, carry your own identifier in the step state.',
      });
    }
  }
  return findings;
}
