// A multi-line SDK import with a trailing comma: the removed name in the middle goes with its
// separator, the new names follow the last kept one.
import {
  McpServer,
  UrlElicitationRequiredError,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

server.registerTool('refund', { inputSchema: z.object({ order: z.string() }) }, async ({ order }): Promise<CallToolResult> => {
  throw new UrlElicitationRequiredError([
    { mode: 'url', message: `Confirm the refund of ${order}`, url: `https://pay.example.com/refund/${order}`, elicitationId: order },
  ]);
});
