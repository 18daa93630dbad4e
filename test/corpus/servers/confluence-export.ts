// Wiki server: space exports as resources and a release-notes prompt.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger } from './lib/log.js';

const wiki = new ApiClient({ baseUrl: process.env.WIKI_URL ?? 'https://wiki.example.com/rest/api/', token: process.env.WIKI_TOKEN });
const log = createLogger('wiki');

export function createWikiServer(): McpServer {
  const server = new McpServer({ name: 'wiki', version: '3.0.1' });

  server.registerResource(
    'space-export',
    new ResourceTemplate('wiki://spaces/{spaceKey}/export', { list: undefined }),
    { description: 'Export every page of a space as one document', mimeType: 'text/markdown' },
    async (uri, { spaceKey }) => {
      const format = await server.server.elicitInput({
        message: `Export space ${String(spaceKey)} as…`,
        requestedSchema: {
          type: 'object',
          properties: {
            format: { type: 'string', enum: ['markdown', 'storage'], default: 'markdown' },
            includeAttachments: { type: 'boolean', default: false },
          },
          required: ['format'],
        },
      });
      const asMarkdown = format.action !== 'accept' || format.content?.format !== 'storage';
      const pages = await wiki.get<{ results: { title: string; body: string }[] }>(
        `content?spaceKey=${String(spaceKey)}&expand=body.${asMarkdown ? 'view' : 'storage'}&limit=200`,
      );
      log.info('space exported', { spaceKey, pages: pages.results.length });
      return {
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: pages.results.map((p) => `# ${p.title}\n\n${p.body}`).join('\n\n') }],
      };
    },
  );

  server.registerPrompt(
    'release_notes',
    {
      description: 'Draft release notes from the pages of a release',
      argsSchema: z.object({ audience: z.string().default('customers') }),
    },
    async ({ audience }, ctx) => {
      const { results: spaces } = await wiki.get<{ results: { key: string; name: string }[] }>('space?type=global&limit=50');
      const spaceAnswer = await ctx.mcpReq.elicitInput({
        message: 'Which product space?',
        requestedSchema: {
          type: 'object',
          properties: { space: { type: 'string', enum: spaces.map((s) => s.key), enumNames: spaces.map((s) => s.name) } },
          required: ['space'],
        },
      });
      if (spaceAnswer.action !== 'accept') {
        return { messages: [{ role: 'user', content: { type: 'text', text: `Write generic release notes for ${audience}.` } }] };
      }
      const space = String(spaceAnswer.content?.space);
      const { results: releases } = await wiki.get<{ results: { id: string; title: string }[] }>(
        `content?spaceKey=${space}&label=release&orderby=created%20desc&limit=10`,
      );
      const releaseAnswer = await ctx.mcpReq.elicitInput({
        message: `Which release of ${space}?`,
        requestedSchema: {
          type: 'object',
          properties: { release: { type: 'string', enum: releases.map((r) => r.id), enumNames: releases.map((r) => r.title) } },
          required: ['release'],
        },
      });
      if (releaseAnswer.action !== 'accept') {
        return { messages: [{ role: 'user', content: { type: 'text', text: `Write release notes for the latest ${space} release for ${audience}.` } }] };
      }
      const page = await wiki.get<{ title: string; body: { view: { value: string } } }>(
        `content/${String(releaseAnswer.content?.release)}?expand=body.view`,
      );
      return {
        description: `Release notes for ${page.title}`,
        messages: [
          { role: 'user', content: { type: 'text', text: `Write release notes for ${audience} from this page:\n\n${page.body.view.value}` } },
        ],
      };
    },
  );

  return server;
}
