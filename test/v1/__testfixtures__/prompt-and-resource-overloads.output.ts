// v1 prompt() and resource() overloads: registerPrompt with a config object, registerResource
// with an empty metadata object where v1 had none.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerPrompt('greeting', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }] }));
  server.registerPrompt('review', { description: 'Review some code' }, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Review' } }] }));
  server.registerPrompt('translate', { argsSchema: z.object({ text: z.string() }) }, ({ text }) => ({ messages: [{ role: 'user', content: { type: 'text', text } }] }));
  server.registerPrompt(
    'summarize',
    {
      description: 'Summarize a text',
      argsSchema: z.object({ text: z.string(), style: z.string().optional() }),
    },
    ({ text, style }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `${style ?? 'short'}: ${text}` } }] }),
  );

  server.registerResource('readme', 'docs://readme', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '# Readme' }] }));
  server.registerResource(
    'chapter',
    new ResourceTemplate('docs://chapters/{n}', { list: undefined }),
    {},
    async (uri, { n }) => ({ contents: [{ uri: uri.href, text: `Chapter ${String(n)}` }] }),
  );
  server.registerResource('license', 'docs://license', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'MIT' }] }));
}
