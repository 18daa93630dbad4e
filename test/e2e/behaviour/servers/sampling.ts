// Sampling: the client's model labels an issue; the label is written back after the answer.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

interface Issue {
  id: number;
  title: string;
  body: string;
}

async function fetchIssue(id: number): Promise<Issue> {
  effects.push(`fetch:${id}`);
  return { id, title: `Crash on start (#${id})`, body: 'The app crashes when the config file is empty.' };
}

async function addLabel(issue: Issue, label: string): Promise<void> {
  effects.push(`label:${issue.id}:${label}`);
}

const LABELS = ['bug', 'feature', 'question'];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'triage', version: '1.0.0' });

  server.registerTool(
    'triage-issue',
    {
      description: 'Label an issue with the help of the client model',
      inputSchema: z.object({ id: z.number().int() }),
    },
    async ({ id }, ctx) => {
      const issue = await fetchIssue(id);
      const response = await ctx.mcpReq.requestSampling({
        systemPrompt: `Answer with exactly one of: ${LABELS.join(', ')}`,
        messages: [{ role: 'user', content: { type: 'text', text: `${issue.title}\n\n${issue.body}` } }],
        maxTokens: 5,
        temperature: 0,
      });
      const block = Array.isArray(response.content) ? response.content[0] : response.content;
      const label = block?.type === 'text' ? block.text.trim().toLowerCase() : '';
      if (!LABELS.includes(label)) {
        return { content: [{ type: 'text', text: `The model answered "${label}", which is no label; #${issue.id} left alone` }], isError: true };
      }
      await addLabel(issue, label);
      return { content: [{ type: 'text', text: `#${issue.id} labelled ${label} (by ${response.model})` }] };
    },
  );

  return server;
}
