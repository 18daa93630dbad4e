import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'forms', version: '1.0.0' });

export const submissions: Record<string, string | number>[] = [];

async function loadFieldNames(form: string): Promise<string[]> {
  return form === 'contact' ? ['name', 'email', 'age'] : ['name'];
}

server.registerTool(
  'fill-form',
  { description: 'Fill in a form with the user', inputSchema: z.object({ form: z.string() }) },
  async ({ form }, ctx) => {
    type Field = { name: string; kind: 'text' | 'number' };
    const names = await loadFieldNames(form);
    const fields: Record<string, Field> = Object.fromEntries(names.map((name): [string, Field] => [name, { name, kind: name === 'age' ? 'number' : 'text' }]));
    const answer = await ctx.mcpReq.elicitInput({
      message: `Fill in the ${form} form`,
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.values(fields).map((f) => [f.name, f.kind === 'number' ? { type: 'number' as const } : { type: 'string' as const }])),
      },
    });
    if (answer.action !== 'accept' || !answer.content) return { content: [{ type: 'text', text: 'Form not filled' }] };
    const row: Record<string, string | number> = {};
    for (const field of Object.values(fields)) {
      const value = answer.content[field.name];
      if (typeof value === 'string' || typeof value === 'number') row[field.name] = field.kind === 'number' ? Number(value) : String(value);
    }
    submissions.push(row);
    return { content: [{ type: 'text', text: `Saved ${Object.keys(row).length} fields` }] };
  },
);
