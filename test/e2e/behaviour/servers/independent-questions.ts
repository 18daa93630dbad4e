// Independent questions: two elicitations asked back to back, and an elicitation and a sampling
// request awaited together in one Promise.all. Neither question uses the other's answer.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

async function checkQuota(owner: string): Promise<number> {
  effects.push(`quota:${owner}`);
  return 3;
}

async function createRepo(owner: string, name: string, license: string): Promise<string> {
  effects.push(`create:${owner}/${name}:${license}`);
  return `https://git.example.com/${owner}/${name}`;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'projects', version: '1.0.0' });

  server.registerTool(
    'create-project',
    {
      description: 'Create a repository',
      inputSchema: z.object({ owner: z.string() }),
    },
    async ({ owner }, ctx) => {
      const left = await checkQuota(owner);
      const projectName = await ctx.mcpReq.elicitInput({
        message: `Name of the new project (${left} left for ${owner})`,
        requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
      });
      const license = await ctx.mcpReq.elicitInput({
        message: 'Which license?',
        requestedSchema: {
          type: 'object',
          properties: { license: { type: 'string', enum: ['MIT', 'Apache-2.0', 'GPL-3.0'] } },
          required: ['license'],
        },
      });
      if (projectName.action !== 'accept') {
        return { content: [{ type: 'text', text: 'No project created' }] };
      }
      const chosen = license.action === 'accept' ? String(license.content?.license) : 'MIT';
      const url = await createRepo(owner, String(projectName.content?.name), chosen);
      return { content: [{ type: 'text', text: `Created ${url} (${chosen})` }] };
    },
  );

  server.registerTool(
    'plan-sprint',
    {
      description: 'Plan a sprint: ask the team size and let the model propose a goal, at the same time',
      inputSchema: z.object({ team: z.string() }),
    },
    async ({ team }, ctx) => {
      effects.push(`load-backlog:${team}`);
      const [size, goal] = await Promise.all([
        ctx.mcpReq.elicitInput({
          message: `How many people are in ${team} this sprint?`,
          requestedSchema: { type: 'object', properties: { people: { type: 'integer', minimum: 1 } }, required: ['people'] },
        }),
        ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: `Propose a sprint goal for ${team}` } }],
          maxTokens: 50,
        }),
      ]);
      const block = Array.isArray(goal.content) ? goal.content[0] : goal.content;
      const goalText = block?.type === 'text' ? block.text : '(none)';
      const people = size.action === 'accept' ? Number(size.content?.people) : 1;
      effects.push(`sprint:${team}:${people}`);
      return { content: [{ type: 'text', text: `${team}: ${people} people, goal: ${goalText}` }] };
    },
  );

  return server;
}
