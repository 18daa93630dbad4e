import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'importer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ImportContactsState = { step: 'keep' };
server.registerTool(
  'import-contacts',
  { description: 'Import contacts, asking about duplicates', inputSchema: z.object({ names: z.array(z.string()) }) },
  async ({ names }, ctx) => {
    const imported: string[] = [];
    let state = await mrtrState.resume<ImportContactsState>(ctx, 'import-contacts', { names });
    state ??= { step: 'keep' };
    const keepRequests = names.map((name): ElicitRequestFormParams => ({
      message: `${name} already exists. Import anyway?`,
      requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
    }));
    const keepAnswers = keepRequests.map((request, i) => elicitAnswer(ctx, `keep_${i}`, request));
    if (keepAnswers.some((answer) => answer === undefined)) {
      return inputRequired({
        inputRequests: Object.fromEntries(keepRequests.map((request, i) => [`keep_${i}`, inputRequired.elicit(request)])),
        requestState: await mrtrState.mint(ctx, 'import-contacts', { names }, state),
      });
    }
    let keepIndex = 0;
    for (const name of names) {
      const keep = keepAnswers[keepIndex++]!;
      if (keep.action === 'accept' && keep.content?.keep === true) imported.push(name);
    }
    return { content: [{ type: 'text', text: `Imported ${imported.length} contacts` }] };
  },
);
