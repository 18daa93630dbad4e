import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'wizard', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SetupProjectState =
  | { step: 'language' }
  | { step: 'framework'; lang: string }
  | { step: 'license'; lang: string; fw: string };
server.registerTool(
  'setup-project',
  { description: 'Set up a project step by step', inputSchema: z.object({ folder: z.string() }) },
  async ({ folder }, ctx) => {
    let state = await mrtrState.resume<SetupProjectState>(ctx, 'setup-project', { folder });
    state ??= { step: 'language' };
    if (state.step === 'language') {
      const languageRequest: ElicitRequestFormParams = {
        message: `Language for ${folder}?`,
        requestedSchema: { type: 'object', properties: { language: { type: 'string', enum: ['ts', 'py'] } }, required: ['language'] },
      };
      const language = elicitAnswer(ctx, 'language', languageRequest);
      if (language === undefined) {
        return inputRequired({
          inputRequests: {
            language: inputRequired.elicit(languageRequest),
          },
          requestState: await mrtrState.mint(ctx, 'setup-project', { folder }, state),
        });
      }
      if (language.action !== 'accept') return { content: [{ type: 'text', text: 'Setup aborted' }] };
      const lang = String(language.content?.language);
      state = { step: 'framework', lang };
    }
    if (state.step === 'framework') {
      const { lang } = state;
      const frameworkRequest: ElicitRequestFormParams = {
        message: `Framework for ${lang}?`,
        requestedSchema: { type: 'object', properties: { framework: { type: 'string' } }, required: ['framework'] },
      };
      const framework = elicitAnswer(ctx, 'framework', frameworkRequest);
      if (framework === undefined) {
        return inputRequired({
          inputRequests: {
            framework: inputRequired.elicit(frameworkRequest),
          },
          requestState: await mrtrState.mint(ctx, 'setup-project', { folder }, state),
        });
      }
      if (framework.action !== 'accept') return { content: [{ type: 'text', text: 'Setup aborted' }] };
      const fw = String(framework.content?.framework);
      state = { step: 'license', lang, fw };
    }
    const { lang, fw } = state;
    const licenseRequest: ElicitRequestFormParams = {
      message: `License for the ${lang}/${fw} project?`,
      requestedSchema: { type: 'object', properties: { license: { type: 'string' } }, required: ['license'] },
    };
    const license = elicitAnswer(ctx, 'license', licenseRequest);
    if (license === undefined) {
      return inputRequired({
        inputRequests: {
          license: inputRequired.elicit(licenseRequest),
        },
        requestState: await mrtrState.mint(ctx, 'setup-project', { folder }, state),
      });
    }
    const chosen = license.action === 'accept' ? String(license.content?.license) : 'UNLICENSED';
    return { content: [{ type: 'text', text: `${folder}: ${lang} + ${fw}, ${chosen}` }] };
  },
);
