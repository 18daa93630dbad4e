import type { ServerContext } from '@modelcontextprotocol/server';
import { confirm } from './confirm.js';

// Asks through confirm() of another module: the chain spans two modules.
export async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirm(ctx, `Remove ${employee}?`);
}
