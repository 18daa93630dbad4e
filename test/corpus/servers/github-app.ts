// GitHub App companion server: app installation through the browser, repository detection from
// the client's roots, and an installation picker already written in the multi-round style.
import { randomUUID } from 'node:crypto';
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger } from './lib/log.js';

const APP_SLUG = process.env.GITHUB_APP_SLUG ?? 'acme-mcp';
const github = new ApiClient({ baseUrl: 'https://api.github.com/', token: process.env.GITHUB_APP_JWT, userAgent: `${APP_SLUG}/1.0` });
const log = createLogger('github-app');

const server = new McpServer({ name: 'github-app', version: '1.0.0' });

server.registerTool(
  'install_app',
  {
    description: 'Install the GitHub App on an organisation (done in the browser)',
    inputSchema: z.object({ org: z.string() }),
  },
  async ({ org }) => {
    const consent = await server.server.elicitInput({
      mode: 'url',
      message: `Install ${APP_SLUG} on ${org} and choose the repositories it may access`,
      url: `https://github.com/apps/${APP_SLUG}/installations/new/permissions?target_name=${encodeURIComponent(org)}`,
      elicitationId: randomUUID(),
    });
    if (consent.action !== 'accept') {
      return { content: [{ type: 'text', text: `Installation on ${org} skipped` }] };
    }
    log.info('installation started', { org });
    return { content: [{ type: 'text', text: `Finish the installation on ${org} in your browser, then call list_installations` }] };
  },
);

server.registerTool(
  'detect_repository',
  { description: 'Find the GitHub repository of the workspace the client has open' },
  async (ctx) => {
    const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
    const candidates = roots.map((root) => root.name ?? root.uri.split('/').pop() ?? root.uri);
    if (candidates.length === 0) return { content: [{ type: 'text', text: 'The client shares no workspace folders' }] };
    const found: string[] = [];
    for (const name of candidates) {
      const search = await github.get<{ items: { full_name: string }[] }>(`search/repositories?q=${encodeURIComponent(name)}+in:name&per_page=1`);
      if (search.items[0]) found.push(search.items[0].full_name);
    }
    return { content: [{ type: 'text', text: found.length ? found.join('\n') : 'No matching repository' }] };
  },
);

// Migrated by hand last sprint: asks through an input request instead of elicitInput.
server.registerTool(
  'choose_installation',
  { description: 'Pick the installation to act on', inputSchema: z.object({ org: z.string() }) },
  async ({ org }, ctx) => {
    const picked = inputResponse(ctx.mcpReq.inputResponses, 'installation');
    if (picked.kind !== 'elicit') {
      const { installations } = await github.get<{ installations: { id: number; account: { login: string } }[] }>(
        `orgs/${encodeURIComponent(org)}/installations`,
      );
      return inputRequired({
        inputRequests: {
          installation: inputRequired.elicit({
            message: `Which installation on ${org}?`,
            requestedSchema: {
              type: 'object',
              properties: { id: { type: 'string', enum: installations.map((i) => String(i.id)) } },
              required: ['id'],
            },
          }),
        },
      });
    }
    if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'No installation chosen' }] };
    return { content: [{ type: 'text', text: `Using installation ${String(picked.content?.id)}` }] };
  },
);

export default server;
