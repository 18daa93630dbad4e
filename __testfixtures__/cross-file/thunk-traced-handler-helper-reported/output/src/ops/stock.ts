// Stock operations the tools run; restocking asks for the quantity when none was given.
import type { ServerContext } from '@modelcontextprotocol/server';

export interface Restocked {
  sku: string;
  quantity: number;
}

export async function restockItem(sku: string, quantity: number | undefined, ctx?: ServerContext): Promise<Restocked> {
  if (quantity !== undefined) return { sku, quantity };
  if (!ctx) throw new Error(`A quantity is needed to restock ${sku}`);
  try {
    // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in restockItem(), which is not a request handler: restockItem() is exported and called by the function held in `run` (../server.ts): tool handler entry.name runs it inside a function it hands to trace() (the function this.spans.tracerFor() returns), which is not declared in the handler's file, so whether it hands an input request back unchanged (neither changed nor recorded as a finished call) cannot be checked, and the question is not lifted there
    const answer = await ctx.mcpReq.elicitInput({
      message: `How many of ${sku} to order?`,
      requestedSchema: { type: 'object', properties: { quantity: { type: 'number' } }, required: ['quantity'] },
    });
    if (answer.action !== 'accept' || typeof answer.content?.quantity !== 'number') throw new Error('declined');
    return { sku, quantity: answer.content.quantity };
  } catch {
    throw new Error(`A quantity is needed to restock ${sku}`);
  }
}

export async function countItems(): Promise<{ count: number }> {
  return { count: 0 };
}
