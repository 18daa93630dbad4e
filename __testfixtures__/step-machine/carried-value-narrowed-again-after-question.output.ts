// A value narrowed by a guard before the question (`if (!region) return`) and compared with
// literals after it: the uses in those comparisons see the type it has at the split (string), the
// uses inside them a narrower one ('eu'). The state carries the widest, so restoring it keeps the
// guard's narrowing without claiming the comparison's.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'regions', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

function regionOf(zone: string): string | undefined {
  return zone.split('-')[0] || undefined;
}

function residencyNote(region: string): string {
  return `data stays in ${region}`;
}

type MoveDataState = { step: 'ok'; region: string };
server.registerTool('move-data', { inputSchema: z.object({ zone: z.string() }) }, async ({ zone }, ctx) => {
  let state = await mrtrState.resume<MoveDataState>(ctx, 'move-data', { zone });
  if (state === undefined) {
    const region = regionOf(zone);
    if (!region) return { isError: true, content: [{ type: 'text', text: `unknown zone ${zone}` }] };
    state = { step: 'ok', region };
  }
  const { region } = state;
  const okRequest: ElicitRequestFormParams = {
    message: `Move the data to ${region}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  };
  const answer = elicitAnswer(ctx, 'ok', okRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit(okRequest),
      },
      requestState: await mrtrState.mint(ctx, 'move-data', { zone }, state),
    });
  }
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'kept where it was' }] };
  const note = region === 'eu' ? `${residencyNote(region)} (GDPR)` : residencyNote(region);
  return { content: [{ type: 'text', text: `moved to ${region}: ${note}` }] };
});
