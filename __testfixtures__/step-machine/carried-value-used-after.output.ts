import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

interface Ticket {
  id: string;
  url: string;
}

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function openTicket(title: string): Promise<Ticket> {
  return { id: `T-${title.length}`, url: `https://tickets.example.com/${title.length}` };
}

async function setPriority(id: string, priority: string): Promise<void> {
  void id;
  void priority;
}

type FileTicketState = { step: 'priority'; ticket: Ticket };
server.registerTool(
  'file-ticket',
  { description: 'Open a ticket and ask for its priority', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    let state = await mrtrState.resume<FileTicketState>(ctx, 'file-ticket', { title });
    if (state === undefined) {
      const ticket = await openTicket(title);
      state = { step: 'priority', ticket };
    }
    const { ticket } = state;
    const priorityRequest: ElicitRequestFormParams = {
      message: `Ticket ${ticket.id} opened. Which priority?`,
      requestedSchema: {
        type: 'object',
        properties: { level: { type: 'string', enum: ['low', 'normal', 'high'] } },
        required: ['level'],
      },
    };
    const priority = elicitAnswer(ctx, 'priority', priorityRequest);
    if (priority === undefined) {
      return inputRequired({
        inputRequests: {
          priority: inputRequired.elicit(priorityRequest),
        },
        requestState: await mrtrState.mint(ctx, 'file-ticket', { title }, state),
      });
    }
    const level = priority.action === 'accept' ? String(priority.content?.level) : 'normal';
    await setPriority(ticket.id, level);
    return { content: [{ type: 'text', text: `${ticket.url} (${level})` }] };
  },
);
