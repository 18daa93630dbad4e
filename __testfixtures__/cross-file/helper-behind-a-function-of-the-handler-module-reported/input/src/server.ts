// The tool callback hands the work to a function of this module, giving it the server (not the
// request's context), and that function asks through the helper of lib/preset.ts: the question is
// two calls from the handler. Left as it was; the finding names that function and the handler.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askPreset } from './lib/preset.js';

const server = new McpServer({ name: 'tiler', version: '1.0.0' });

async function tileImage(srv: McpServer, file: string) {
  const preset = (await askPreset(srv, ['claude', 'gpt'])) ?? 'claude';
  return { content: [{ type: 'text' as const, text: `Tiled ${file} for ${preset}` }] };
}

server.registerTool(
  'tile',
  { description: 'Cut an image into tiles', inputSchema: z.object({ file: z.string() }) },
  async ({ file }) => {
    return tileImage(server, file);
  },
);

export { server };
