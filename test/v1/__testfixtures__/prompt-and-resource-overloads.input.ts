// v1 prompt() and resource() overloads: registerPrompt with a config object, registerResource
// with an empty metadata object where v1 had none.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.prompt('greeting', () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }] }));
  server.prompt('review', 'Review some code', () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Review' } }] }));
  server.prompt('translate', { text: z.string() }, ({ text }) => ({ messages: [{ role: 'user', content: { type: 'text', text } }] }));
  server.prompt(
    'summarize',
    'Summarize a text',
    { text: z.string(), style: z.string().optional() },
    ({ text, style }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `${style ?? 'short'}: ${text}` } }] }),
  );

  server.resource('readme', 'docs://readme', async (uri) => ({ contents: [{ uri: uri.href, text: '# Readme' }] }));
  server.resource(
    'chapter',
    new ResourceTemplate('docs://chapters/{n}', { list: undefined }),
    async (uri, { n }) => ({ contents: [{ uri: uri.href, text: `Chapter ${String(n)}` }] }),
  );
  server.resource('license', 'docs://license', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'MIT' }] }));
}
