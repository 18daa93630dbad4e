import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

/** Asks before money moves; clients without elicitation used to be let through. */
async function confirmCharge(amount: number): Promise<boolean> {
  try {
    const answer = await server.server.elicitInput({
      message: `Charge ${amount} EUR?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch {
    return true;
  }
}

server.registerTool('charge', { inputSchema: z.object({ amount: z.number() }) }, async ({ amount }) => {
  if (!(await confirmCharge(amount))) return { content: [{ type: 'text', text: 'Not charged' }] };
  return { content: [{ type: 'text', text: `Charged ${amount} EUR` }] };
});
