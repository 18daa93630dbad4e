import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tagger', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function suggestTag(file: string): Promise<string> {
  return file.endsWith('.md') ? 'docs' : 'code';
}

type TagFileState = { step: 'extra'; tags: string[] };
server.registerTool(
  'tag-file',
  { description: 'Tag a file', inputSchema: z.object({ file: z.string() }) },
  async ({ file }, ctx) => {
    let state = await mrtrState.resume<TagFileState>(ctx, 'tag-file', { file });
    if (state === undefined) {
      // Built from nothing but filled before the question: a retry must get the filled array back.
      const tags: string[] = [];
      tags.push(await suggestTag(file));
      state = { step: 'extra', tags };
    }
    const { tags } = state;
    const extraRequest: ElicitRequestFormParams = {
      message: `Tags so far for ${file}: ${tags.join(', ')}. Another one?`,
      requestedSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    };
    const extra = elicitAnswer(ctx, 'extra', extraRequest);
    if (extra === undefined) {
      return inputRequired({
        inputRequests: {
          extra: inputRequired.elicit(extraRequest),
        },
        requestState: await mrtrState.mint(ctx, 'tag-file', { file }, state),
      });
    }
    if (extra.action === 'accept') tags.push(String(extra.content?.tag));
    return { content: [{ type: 'text', text: tags.join(', ') }] };
  },
);
