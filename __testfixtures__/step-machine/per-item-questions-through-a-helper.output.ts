// Per-item questions asked through a helper: every item's request is built by the helper's request
// builder in one round, and the helper's code after the question (it only computes the label from
// the answer) runs in the loop, or in the callback, on each item's answer in turn. A helper that
// returns the answer as it is needs no outcome function.
import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'inventory', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askLabel() asks with (its code before the question). */
function askLabelParams(host: string): ElicitRequestFormParams {
  return {
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  };
}

/** What askLabel() does with the answer (its code after the question). */
function askLabelOutcome(answer: ElicitResult): string {
  const label = answer.action === 'accept' ? String(answer.content?.label ?? '') : '';
  return label === '' ? 'unlabelled' : label;
}

/** The request confirmRemoval() asks with (its code before the question). */
function confirmRemovalParams(host: string): ElicitRequestFormParams {
  return {
    message: `Remove ${host} from the inventory?`,
    requestedSchema: { type: 'object', properties: { remove: { type: 'boolean' } }, required: ['remove'] },
  };
}

type LabelHostsState = { step: 'label' };
server.registerTool('label-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  const labels: string[] = [];
  let state = await mrtrState.resume<LabelHostsState>(ctx, 'label-hosts', { hosts });
  state ??= { step: 'label' };
  const labelRequests = hosts.map((host): ElicitRequestFormParams => askLabelParams(host));
  const labelAnswers = labelRequests.map((request, i) => elicitAnswer(ctx, `label_${i}`, request));
  if (labelAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(labelRequests.map((request, i) => [`label_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'label-hosts', { hosts }, state),
    });
  }
  let labelIndex = 0;
  for (const host of hosts) {
    const label = askLabelOutcome(labelAnswers[labelIndex++]!);
    labels.push(`${host}=${label}`);
  }
  return { content: [{ type: 'text', text: labels.join(', ') }] };
});

type PruneHostsState = { step: 'confirm_removal' };
server.registerTool('prune-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  let state = await mrtrState.resume<PruneHostsState>(ctx, 'prune-hosts', { hosts });
  state ??= { step: 'confirm_removal' };
  const confirmRemovalRequests = hosts.map((host): ElicitRequestFormParams => confirmRemovalParams(host));
  const confirmRemovalAnswers = confirmRemovalRequests.map((request, i) => elicitAnswer(ctx, `confirm_removal_${i}`, request));
  if (confirmRemovalAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(confirmRemovalRequests.map((request, i) => [`confirm_removal_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'prune-hosts', { hosts }, state),
    });
  }
  const removed = await Promise.all(hosts.map(async (host, confirmRemovalIndex) => {
    const answer = confirmRemovalAnswers[confirmRemovalIndex]!;
    return answer.action === 'accept' && answer.content?.remove === true ? host : undefined;
  }));
  return { content: [{ type: 'text', text: `Removed ${removed.filter(Boolean).join(', ') || 'nothing'}` }] };
});
