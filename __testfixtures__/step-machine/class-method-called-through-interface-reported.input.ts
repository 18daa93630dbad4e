import type { McpServer } from '@modelcontextprotocol/server';

// The tools ask through an interface another package declares (`confirmer: { confirm(…) }`), which
// this class implements without saying so: nothing ties those calls to this method.
export class Confirmer {
  constructor(private readonly server: McpServer) {}

  async confirm(message: string): Promise<boolean> {
    const answer = await this.server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }
}
