import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'labeler', version: '1.0.0' });

server.registerTool(
  'tag-photos',
  { description: 'Tag several photos', inputSchema: z.object({ photos: z.array(z.string()) }) },
  async ({ photos }, ctx) => {
    const answers = await Promise.all(
      photos.map((photo) =>
        ctx.mcpReq.elicitInput({
          message: `Tag for ${photo}?`,
          requestedSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
        }),
      ),
    );
    const tags = answers.map((answer) => (answer.action === 'accept' ? String(answer.content?.tag) : '-'));
    return { content: [{ type: 'text', text: tags.join(', ') }] };
  },
);
