import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'dns', version: '1.0.0' });

const DeleteRecordInput = z.object({ zone: z.string(), record: z.string() });

async function deleteRecord({ zone, record }: z.infer<typeof DeleteRecordInput>, ctx: ServerContext) {
  const confirm = await ctx.mcpReq.elicitInput({
    message: `Delete ${record}.${zone}?`,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  if (confirm.action !== 'accept' || confirm.content?.yes !== true) {
    return { content: [{ type: 'text' as const, text: 'Record kept' }] };
  }
  return { content: [{ type: 'text' as const, text: `Deleted ${record}.${zone}` }] };
}

server.registerTool('delete-record', { description: 'Delete a DNS record', inputSchema: DeleteRecordInput }, deleteRecord);
