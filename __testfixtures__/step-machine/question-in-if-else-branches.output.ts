import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'signup', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SignUpState =
  | { step: 'vat' }
  | { step: 'birthday' };
server.registerTool(
  'sign-up',
  { description: 'Sign up as a person or a company', inputSchema: z.object({ company: z.boolean() }) },
  async ({ company }, ctx) => {
    const resumed = await mrtrState.resume<SignUpState>(ctx, 'sign-up', { company });
    let label: string;
    if (company) {
      let vatState = resumed?.step === 'vat' ? resumed : undefined;
      vatState ??= { step: 'vat' };
      const vatRequest: ElicitRequestFormParams = {
        message: 'VAT number?',
        requestedSchema: { type: 'object', properties: { vat: { type: 'string' } }, required: ['vat'] },
      };
      const vat = elicitAnswer(ctx, 'vat', vatRequest);
      if (vat === undefined) {
        return inputRequired({
          inputRequests: {
            vat: inputRequired.elicit(vatRequest),
          },
          requestState: await mrtrState.mint(ctx, 'sign-up', { company }, vatState),
        });
      }
      label = vat.action === 'accept' ? `company ${String(vat.content?.vat)}` : 'company (no VAT)';
    } else {
      let birthdayState = resumed?.step === 'birthday' ? resumed : undefined;
      birthdayState ??= { step: 'birthday' };
      const birthdayRequest: ElicitRequestFormParams = {
        message: 'Date of birth?',
        requestedSchema: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
      };
      const birthday = elicitAnswer(ctx, 'birthday', birthdayRequest);
      if (birthday === undefined) {
        return inputRequired({
          inputRequests: {
            birthday: inputRequired.elicit(birthdayRequest),
          },
          requestState: await mrtrState.mint(ctx, 'sign-up', { company }, birthdayState),
        });
      }
      label = birthday.action === 'accept' ? `person born ${String(birthday.content?.date)}` : 'person';
    }
    return { content: [{ type: 'text', text: `Signed up: ${label}` }] };
  },
);
