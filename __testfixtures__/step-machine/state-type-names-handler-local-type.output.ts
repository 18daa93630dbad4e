import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'forms', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const submissions: Record<string, string | number>[] = [];

async function loadFieldNames(form: string): Promise<string[]> {
  return form === 'contact' ? ['name', 'email', 'age'] : ['name'];
}

server.registerTool(
  'fill-form',
  { description: 'Fill in a form with the user', inputSchema: z.object({ form: z.string() }) },
  async ({ form }, ctx) => {
    type FillFormState = { step: 'confirm'; fields: Record<string, Field> };
    type Field = { name: string; kind: 'text' | 'number' };
    let state = await mrtrState.resume<FillFormState>(ctx, 'fill-form', { form });
    if (state === undefined) {
      const names = await loadFieldNames(form);
      const fields: Record<string, Field> = Object.fromEntries(names.map((name): [string, Field] => [name, { name, kind: name === 'age' ? 'number' : 'text' }]));
      state = { step: 'confirm', fields };
    }
    const { fields } = state;
    const confirmRequest: ElicitRequestFormParams = {
      message: `Fill in the ${form} form`,
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.values(fields).map((f) => [f.name, f.kind === 'number' ? { type: 'number' as const } : { type: 'string' as const }])),
      },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'fill-form', { form }, state),
      });
    }
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
