// A helper of another module asked once per host (its code after the question only computes):
// every host's question goes out in one round, built by the helper's request builder, which the
// helper's module now exports beside it.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askLabelParams, askLabelOutcome } from './lib/labels.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const server = new McpServer({ name: 'hosts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

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
