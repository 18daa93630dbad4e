// A prompt that asks which tickets to focus on, and then lets the client model write an opener.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

async function loadTickets(team: string): Promise<string[]> {
  effects.push(`tickets:${team}`);
  return [`${team}-1 login bug`, `${team}-2 slow search`, `${team}-3 docs`];
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'standup', version: '1.0.0' });

  server.registerPrompt(
    'standup',
    {
      description: 'Prepare the stand-up of a team',
      argsSchema: z.object({ team: z.string() }),
    },
    async ({ team }, ctx) => {
      const tickets = await loadTickets(team);
      const focus = await ctx.mcpReq.elicitInput({
        message: `Which ticket should ${team} discuss first?`,
        requestedSchema: { type: 'object', properties: { ticket: { type: 'string', enum: tickets } }, required: ['ticket'] },
      });
      const first = focus.action === 'accept' ? String(focus.content?.ticket) : tickets[0]!;
      const opener = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `One friendly sentence to open a stand-up about: ${first}` } }],
        maxTokens: 40,
      });
      const block = Array.isArray(opener.content) ? opener.content[0] : opener.content;
      effects.push(`prompt-built:${team}`);
      return {
        description: `Stand-up of ${team}`,
        messages: [
          { role: 'assistant', content: { type: 'text', text: block?.type === 'text' ? block.text : 'Good morning.' } },
          { role: 'user', content: { type: 'text', text: `Discuss first: ${first}. Then: ${tickets.filter((t) => t !== first).join('; ')}` } },
        ],
      };
    },
  );

  return server;
}
