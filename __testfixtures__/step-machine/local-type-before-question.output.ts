import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'units', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ConvertLengthState = { step: 'target' };
server.registerTool(
  'convert-length',
  { description: 'Convert a length', inputSchema: z.object({ meters: z.number() }) },
  async ({ meters }, ctx) => {
    type Unit = 'ft' | 'in';
    const factors: Record<Unit, number> = { ft: 3.28084, in: 39.3701 };
    let state = await mrtrState.resume<ConvertLengthState>(ctx, 'convert-length', { meters });
    state ??= { step: 'target' };
    const targetRequest: ElicitRequestFormParams = {
      message: `Convert ${meters} m to?`,
      requestedSchema: { type: 'object', properties: { unit: { type: 'string', enum: ['ft', 'in'] } }, required: ['unit'] },
    };
    const target = elicitAnswer(ctx, 'target', targetRequest);
    if (target === undefined) {
      return inputRequired({
        inputRequests: {
          target: inputRequired.elicit(targetRequest),
        },
        requestState: await mrtrState.mint(ctx, 'convert-length', { meters }, state),
      });
    }
    const unit: Unit = target.action === 'accept' && target.content?.unit === 'in' ? 'in' : 'ft';
    return { content: [{ type: 'text', text: `${(meters * factors[unit]).toFixed(2)} ${unit}` }] };
  },
);
