// The second question's arguments read the first answer, and nothing after the second question
// does: the request built from them travels in the state, the first answer does not travel again.
import { McpServer, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

let wired: Server | undefined;

export function wire(server: Server): void {
  wired = server;
}

type Choice = { picked: true; value: string } | { picked: false; result: CallToolResult };

async function choose(question: string, options: string[]): Promise<Choice> {
  if (wired?.getClientCapabilities()?.elicitation) {
    const answer = await wired.elicitInput({
      mode: 'form',
      message: question,
      requestedSchema: { type: 'object', properties: { value: { type: 'string', enum: options } }, required: ['value'] },
    });
    if (answer.action === 'accept' && typeof answer.content?.value === 'string') return { picked: true, value: answer.content.value };
  }
  return { picked: false, result: { content: [{ type: 'text', text: 'Nothing chosen.' }], isError: true } };
}

const ZONES: Record<string, string[]> = { eu: ['eu-west-1', 'eu-central-1'], us: ['us-east-1'] };

const server = new McpServer({ name: 'placement', version: '1.0.0' });

server.registerTool(
  'place',
  { description: 'Place a workload', inputSchema: z.object({ workload: z.string() }) },
  async ({ workload }) => {
    const region = await choose(`Which region for ${workload}?`, Object.keys(ZONES));
    if (!region.picked) return region.result;
    const zone = await choose(`Which zone of ${region.value}?`, ZONES[region.value] ?? []);
    if (!zone.picked) return zone.result;
    return { content: [{ type: 'text', text: `${workload} placed in ${zone.value}.` }] };
  },
);
