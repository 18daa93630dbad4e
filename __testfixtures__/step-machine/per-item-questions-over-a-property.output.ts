// Per-item questions over an array read through a property of a named value (`release.packages`,
// `order.lines`): the same array on every leg, as long as nothing changes the value it is read
// through, so each item's question goes out in one round as for a named array. The value travels in
// requestState (it was computed before the question), and the loop runs on it again with the answers.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'releases', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Release {
  version: string;
  packages: { name: string; size: number }[];
}

interface Order {
  lines: { sku: string }[];
}

async function loadRelease(version: string): Promise<Release> {
  return { version, packages: [{ name: `core-${version}`, size: 10 }] };
}

type PublishReleaseState = { step: 'confirm'; release: Release };
server.registerTool('publish-release', { inputSchema: z.object({ version: z.string() }) }, async ({ version }, ctx) => {
  const published: string[] = [];
  let state = await mrtrState.resume<PublishReleaseState>(ctx, 'publish-release', { version });
  if (state === undefined) {
    const release = await loadRelease(version);
    state = { step: 'confirm', release };
  }
  const { release } = state;
  const confirmRequests = release.packages.map((pkg): ElicitRequestFormParams => ({
    message: `Publish ${pkg.name} (${pkg.size} kB) in ${release.version}?`,
    requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
  }));
  const confirmAnswers = confirmRequests.map((request, i) => elicitAnswer(ctx, `confirm_${i}`, request));
  if (confirmAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(confirmRequests.map((request, i) => [`confirm_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'publish-release', { version }, state),
    });
  }
  let confirmIndex = 0;
  for (const pkg of release.packages) {
    const confirm = confirmAnswers[confirmIndex++]!;
    if (confirm.action === 'accept' && confirm.content?.publish === true) published.push(pkg.name);
  }
  return { content: [{ type: 'text', text: `Published ${published.join(', ') || 'nothing'}` }] };
});

type ReviewOrderState = { step: 'note' };
server.registerTool('review-order', { inputSchema: z.object({ order: z.object({ lines: z.array(z.object({ sku: z.string() })) }) }) }, async ({ order }, ctx) => {
  const checked: Order = order;
  let state = await mrtrState.resume<ReviewOrderState>(ctx, 'review-order', { order });
  state ??= { step: 'note' };
  const noteRequests = checked.lines.map((line): ElicitRequestFormParams => ({
    message: `A note for ${line.sku}?`,
    requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
  }));
  const noteAnswers = noteRequests.map((request, i) => elicitAnswer(ctx, `note_${i}`, request));
  if (noteAnswers.some((answer) => answer === undefined)) {
    return inputRequired({
      inputRequests: Object.fromEntries(noteRequests.map((request, i) => [`note_${i}`, inputRequired.elicit(request)])),
      requestState: await mrtrState.mint(ctx, 'review-order', { order }, state),
    });
  }
  const notes = await Promise.all(checked.lines.map(async (_line, noteIndex) => {
    const note = noteAnswers[noteIndex]!;
    return note.action === 'accept' ? String(note.content?.note ?? '') : '';
  }));
  return { content: [{ type: 'text', text: notes.join('; ') }] };
});
