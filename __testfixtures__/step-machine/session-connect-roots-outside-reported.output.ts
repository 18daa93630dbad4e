import { Server, type Transport, type Root } from '@modelcontextprotocol/server';

/** One client session: connects, then learns the client's roots once. */
export class Session {
  #server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: {} });
  #roots: Root[] = [];

  async connect(transport: Transport): Promise<void> {
    await this.#server.connect(transport);
    try {
      // @mcp-mrtr-migrate push-outside-request: this.#server.listRoots in Session.connect() runs outside any client request: from Session.connect() after it connects the server to a transport (the start of a session)
      const { roots } = await this.#server.listRoots();
      this.#roots = roots;
    } catch {
      this.#roots = [];
    }
  }

  get roots(): readonly Root[] {
    return this.#roots;
  }
}
