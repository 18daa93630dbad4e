// A small MCP server written against the v1 SDK (@modelcontextprotocol/sdk 1.x) in the 2025
// push style: its handlers ask the client mid-function (a raw elicitation request on `extra`,
// sampling and roots through `server.server`, a URL-mode elicitation with a completion notifier).
// index.ts serves it over stdio with server.connect(). `mcp-mrtr-migrate` upgrades both files to
// @modelcontextprotocol/server 2.x, turns the handlers into input_required step machines and
// serves the server with serveStdio, in one run.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** Side effects the tests observe: each must happen exactly once per logical call. */
export const effects: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'example-v1-server', version: '1.0.0' });

  // Confirmation through a raw elicitation request on the handler's `extra`.
  server.tool(
    'delete-branch',
    'Delete a git branch after the user confirms',
    { branch: z.string() },
    async ({ branch }, extra) => {
      effects.push(`checked:${branch}`);
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: `Delete branch ${branch}?`,
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean' } },
              required: ['confirm'],
            },
          },
        },
        ElicitResultSchema,
      );
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Kept ${branch} (${answer.action})` }] };
      }
      effects.push(`deleted:${branch}`);
      return { content: [{ type: 'text', text: `Deleted ${branch}` }] };
    },
  );

  // Sampling through the underlying low-level server.
  server.tool(
    'haiku',
    'Write a haiku with the client model',
    { topic: z.string() },
    async ({ topic }) => {
      const response = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Write a haiku about ${topic}` } }],
        maxTokens: 100,
      });
      const block = Array.isArray(response.content) ? response.content[0] : response.content;
      const text = block?.type === 'text' ? block.text : '(no text)';
      return { content: [{ type: 'text', text }] };
    },
  );

  // Roots through the underlying low-level server.
  server.tool('count-roots', 'Count the folders the client shares', async () => {
    const { roots } = await server.server.listRoots();
    return { content: [{ type: 'text', text: `${roots.length} root(s): ${roots.map((r) => r.uri).join(', ')}` }] };
  });

  // URL-mode elicitation: the user signs in out of band; the notifier tells the client when the
  // flow finished.
  server.tool(
    'link-account',
    'Link an external account through a browser sign-in',
    { provider: z.string() },
    async ({ provider }) => {
      const linkId = `link-${provider}`;
      const notifyDone = server.server.createElicitationCompletionNotifier(linkId);
      const consent = await server.server.elicitInput({
        mode: 'url',
        message: `Sign in to ${provider} to link your account`,
        url: `https://example.com/link/${provider}`,
        elicitationId: linkId,
      });
      if (consent.action !== 'accept') {
        return { content: [{ type: 'text', text: `Not linked (${consent.action})` }] };
      }
      effects.push(`linked:${provider}`);
      await notifyDone();
      return { content: [{ type: 'text', text: `Linked ${provider}` }] };
    },
  );

  return server;
}
