import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { BaseTool } from './base.js';

const schema = z.object({ service: z.string() });

export class StatusTool extends BaseTool<typeof schema.shape> {
  readonly name = 'service_status';
  readonly description = 'Status of a service';
  readonly schema = schema;

  protected async execute({ service }: z.infer<typeof schema>): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: `${service}: healthy` }] };
  }
}
