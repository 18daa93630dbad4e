import { McpServer, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

// The server the questions go through, set once at start-up (tool callbacks never see it).
let wired: Server | undefined;

export function wireQuestions(server: Server): void {
  wired = server;
}

function formQuestionsAvailable(): boolean {
  const elicitation = wired?.getClientCapabilities()?.elicitation;
  return elicitation !== undefined;
}

type Pick = { picked: true; value: string } | { picked: false; result: CallToolResult };

async function pickOne(question: string, options: string[]): Promise<Pick> {
  if (formQuestionsAvailable() && wired) {
    try {
      const res = await wired.elicitInput({
        mode: 'form',
        message: question,
        requestedSchema: { type: 'object', properties: { choice: { type: 'string', enum: options } }, required: ['choice'] },
      });
      const choice = res.content?.choice;
      if (res.action === 'accept' && typeof choice === 'string' && options.includes(choice)) {
        return { picked: true, value: choice };
      }
      return { picked: false, result: { content: [{ type: 'text', text: 'Nothing picked, nothing changed' }] } };
    } catch {
      // The client could not show the form: ask in the tool result instead.
    }
  }
  return { picked: false, result: { content: [{ type: 'text', text: `${question} Call again with one of: ${options.join(', ')}` }] } };
}

const REGIONS: Record<string, string[]> = { staging: ['eu-1'], production: ['eu-1', 'us-1', 'ap-1'] };

export const deployed: string[] = [];

const server = new McpServer({ name: 'deployer', version: '1.0.0' });
wireQuestions(server.server);

server.registerTool(
  'deploy',
  { description: 'Deploy the service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }) => {
    const environment = await pickOne(`Deploy ${service} to which environment?`, Object.keys(REGIONS));
    if (!environment.picked) return environment.result;
    const region = await pickOne(`Which region of ${environment.value}?`, REGIONS[environment.value] ?? []);
    if (!region.picked) return region.result;
    deployed.push(`${service}@${environment.value}/${region.value}`);
    return { content: [{ type: 'text', text: `Deployed ${service} to ${environment.value}/${region.value}` }] };
  },
);
