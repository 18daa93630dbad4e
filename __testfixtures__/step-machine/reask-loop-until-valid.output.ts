import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'containers', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const PORT_PATTERN = /^\d{1,5}:\d{1,5}$/;

type RunContainerState = { step: 'ports'; mapping: string | undefined; hint: string };
server.registerTool(
  'run-container',
  { description: 'Run a container; asks for a port mapping until it is valid', inputSchema: z.object({ image: z.string() }) },
  async ({ image }, ctx) => {
    let state = await mrtrState.resume<RunContainerState>(ctx, 'run-container', { image });
    if (state === undefined) {
      let mapping: string | undefined;
      let hint = '';
      state = { step: 'ports', mapping, hint };
    }
    let { mapping, hint } = state;
    let portsAnswerUsed = false;
    while (!mapping) {
      const portsRequest: ElicitRequestFormParams = {
        message: `Port mapping for ${image} as host:container${hint}`,
        requestedSchema: { type: 'object', properties: { ports: { type: 'string' } }, required: ['ports'] },
      };
      const answer = portsAnswerUsed ? undefined : elicitAnswer(ctx, 'ports', portsRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            ports: inputRequired.elicit(portsRequest),
          },
          requestState: await mrtrState.mint(ctx, 'run-container', { image }, { step: 'ports', mapping, hint }),
        });
      }
      portsAnswerUsed = true;
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Container not started' }] };
      const ports = String(answer.content?.ports ?? '');
      if (PORT_PATTERN.test(ports)) mapping = ports;
      else hint = ` ("${ports}" is not valid)`;
    }
    const [hostPort] = mapping.split(':');
    return { content: [{ type: 'text', text: `Started ${image} on port ${hostPort}` }] };
  },
);
