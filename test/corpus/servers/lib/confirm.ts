// Confirmation prompt shared by every tool that deletes or overwrites something.
import type { ServerContext } from '@modelcontextprotocol/server';
import { createLogger } from './log.js';

const log = createLogger('confirm');

export interface ConfirmOptions {
  /** Extra lines shown under the question (what will be affected). */
  details?: string[];
  /** Ask the user to type this text instead of ticking a box. */
  typeToConfirm?: string;
}

export async function confirmWithUser(ctx: ServerContext, question: string, options: ConfirmOptions = {}): Promise<boolean> {
  const message = options.details?.length ? `${question}\n\n${options.details.map((d) => `• ${d}`).join('\n')}` : question;
  const result = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: options.typeToConfirm
      ? {
          type: 'object',
          properties: { confirmation: { type: 'string', title: `Type "${options.typeToConfirm}" to confirm` } },
          required: ['confirmation'],
        }
      : {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Yes, go ahead' } },
          required: ['confirm'],
        },
  });
  log.debug('confirmation answered', { action: result.action });
  if (result.action !== 'accept') return false;
  if (options.typeToConfirm) return result.content?.confirmation === options.typeToConfirm;
  return result.content?.confirm === true;
}
