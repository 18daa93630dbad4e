// Per-item questions whose item only the question reads: once every item's question is asked in
// one round, the loop and the callbacks take the answers by position and read the item no more.
// The item is then `_region` / `_host`, which noUnusedLocals and noUnusedParameters accept (an
// unread loop variable or parameter would fail them).
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'regions', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type CountApprovalsState = { step: 'vote'; approved: number };
server.registerTool('count-approvals', { inputSchema: z.object({ regions: z.array(z.string()) }) }, async ({ regions }, ctx) => {
  let state = await mrtrState.resume<CountApprovalsState>(ctx, 'count-approvals', { regions });
  if (state === undefined) {
    let approved = 0;
    state = { step: 'vote', approved };
  }
  let { approved } = state;
  const voteRequests = regions.map((region): ElicitRequestFormParams => ({
    message: `Open the new office in ${region}?`,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  }));
  const voteAnswers = voteRequests.map((request, i) => elicitAnswer(ctx, `vote_${i}`, request));
  if (voteAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(voteRequests.map((request, i) => [`vote_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'count-approvals', { regions }, state),
    });
  }
  let voteIndex = 0;
  for (const _region of regions) {
    const vote = voteAnswers[voteIndex++]!;
    if (vote.action === 'accept' && vote.content?.yes === true) approved++;
  }
  return { content: [{ type: 'text', text: `${approved} of ${regions.length} approved` }] };
});

type LabelHostsState = { step: 'label' };
server.registerTool('label-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  let state = await mrtrState.resume<LabelHostsState>(ctx, 'label-hosts', { hosts });
  state ??= { step: 'label' };
  const labelRequests = hosts.map((host): ElicitRequestFormParams => ({
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  }));
  const labelAnswers = labelRequests.map((request, i) => elicitAnswer(ctx, `label_${i}`, request));
  if (labelAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(labelRequests.map((request, i) => [`label_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'label-hosts', { hosts }, state),
    });
  }
  const labels = await Promise.all(hosts.map(async (_host, labelIndex) => {
    const label = labelAnswers[labelIndex]!;
    return label.action === 'accept' ? String(label.content?.label ?? '') : 'unlabelled';
  }));
  return { content: [{ type: 'text', text: labels.join(', ') }] };
});
