import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('deploy', { inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
  const answer = acceptedContent<{ ok: boolean }>(ctx.mcpReq.inputResponses, 'confirm');
  if (answer?.ok !== true) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: `Deploy to ${env}?`,
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        }),
      },
    });
  }
  return { resultType: 'complete', content: [{ type: 'text', text: `Deployed to ${env}` }] };
});
