import { Server, type Transport, type Root } from '@modelcontextprotocol/server';

/** One client session: connects, then learns the client's roots once. */
export class Session {
  #server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: {} });
  #roots: Root[] = [];

  async connect(transport: Transport): Promise<void> {
    await this.#server.connect(transport);
    try {
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
