import type { McpServer } from '@modelcontextprotocol/server';

// The tools ask through an interface another package declares (`confirmer: { confirm(…) }`), which
// this class implements without saying so: nothing ties those calls to this method.
export class Confirmer {
  constructor(private readonly server: McpServer) {}

  async confirm(message: string): Promise<boolean> {
    // @mcp-mrtr-migrate push-in-helper: this.server.server.elicitInput is made in Confirmer.confirm(), which is not a request handler: Confirmer.confirm() is a public method of the exported class Confirmer; nothing in this file that reaches it is a handler, and its callers in other modules were not looked for because cross-file mode was off (this run migrated file by file)
    const answer = await this.server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }
}
