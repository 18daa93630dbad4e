import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

/** Asks before money moves; clients without elicitation used to be let through. */
async function confirmCharge(amount: number): Promise<boolean> {
  try {
    // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in helper confirmCharge(), called by tool handler charge; it is not lifted into that handler because it asks inside a try statement, whose catch or finally would no longer cover the question. Left like this it is dangerous: on 2026-07-28 the request throws and its catch returns true, as if the user had confirmed, so the action runs without asking
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
  // @mcp-mrtr-migrate push-in-helper: tool handler charge calls confirmCharge(), whose question (server.server.elicitInput) is not migrated: on 2026-07-28 the request throws and its catch returns true, as if the user had confirmed, so the action runs without asking
  if (!(await confirmCharge(amount))) return { content: [{ type: 'text', text: 'Not charged' }] };
  return { content: [{ type: 'text', text: `Charged ${amount} EUR` }] };
});
