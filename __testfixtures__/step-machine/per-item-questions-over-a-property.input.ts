// Per-item questions over an array read through a property of a named value (`release.packages`,
// `order.lines`): the same array on every leg, as long as nothing changes the value it is read
// through, so each item's question goes out in one round as for a named array. The value travels in
// requestState (it was computed before the question), and the loop runs on it again with the answers.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'releases', version: '1.0.0' });

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

server.registerTool('publish-release', { inputSchema: z.object({ version: z.string() }) }, async ({ version }, ctx) => {
  const release = await loadRelease(version);
  const published: string[] = [];
  for (const pkg of release.packages) {
    const confirm = await ctx.mcpReq.elicitInput({
      message: `Publish ${pkg.name} (${pkg.size} kB) in ${release.version}?`,
      requestedSchema: { type: 'object', properties: { publish: { type: 'boolean' } }, required: ['publish'] },
    });
    if (confirm.action === 'accept' && confirm.content?.publish === true) published.push(pkg.name);
  }
  return { content: [{ type: 'text', text: `Published ${published.join(', ') || 'nothing'}` }] };
});

server.registerTool('review-order', { inputSchema: z.object({ order: z.object({ lines: z.array(z.object({ sku: z.string() })) }) }) }, async ({ order }, ctx) => {
  const checked: Order = order;
  const notes = await Promise.all(checked.lines.map(async (line) => {
    const note = await ctx.mcpReq.elicitInput({
      message: `A note for ${line.sku}?`,
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
    });
    return note.action === 'accept' ? String(note.content?.note ?? '') : '';
  }));
  return { content: [{ type: 'text', text: notes.join('; ') }] };
});
