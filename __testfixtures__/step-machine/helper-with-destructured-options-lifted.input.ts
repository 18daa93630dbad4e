import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Risk = 'read' | 'write' | 'destroy';
type Verdict = { proceed: boolean; how: 'not-needed' | 'asked' | 'caller' | 'blocked' };

export async function confirmRisk({
  server,
  tool,
  message,
  risk,
  callerConfirmed,
}: {
  server: McpServer;
  tool: string;
  message: string;
  risk: Risk;
  callerConfirmed?: boolean;
}): Promise<Verdict> {
  if (risk === 'read') {
    console.info(`${tool}: nothing to confirm`);
    return { proceed: true, how: 'not-needed' };
  }
  if (!server.server.getClientCapabilities()?.elicitation) {
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
  try {
    const reply = await server.server.elicitInput({
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', default: true } }, required: ['confirm'] },
    });
    console.info(`${tool}: the user answered ${reply.action}`);
    if (reply.action === 'accept' && reply.content?.confirm === true) return { proceed: true, how: 'asked' };
    return { proceed: false, how: 'asked' };
  } catch (error) {
    console.warn(`${tool}: the question failed: ${String(error)}`);
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
}

const server = new McpServer({ name: 'infra', version: '1.0.0' });

export const destroyed: string[] = [];

server.registerTool(
  'destroy_stack',
  { description: 'Destroy a stack', inputSchema: z.object({ stack: z.string(), confirm: z.boolean().optional() }) },
  async ({ stack, confirm }) => {
    const verdict = await confirmRisk({ server, tool: 'destroy_stack', message: `Destroy ${stack}?`, risk: 'destroy', callerConfirmed: confirm === true });
    if (!verdict.proceed) return { content: [{ type: 'text', text: `Not destroyed (${verdict.how})` }] };
    destroyed.push(stack);
    return { content: [{ type: 'text', text: `Destroyed ${stack}` }] };
  },
);
