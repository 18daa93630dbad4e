// A node:http server listening on 127.0.0.1 and an ephemeral port, for tests that start real
// servers: where its MCP endpoint is, and a close() that also drops open connections (SSE streams).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** The MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  url: string;
  close(): Promise<void>;
}

/** Starts `server` listening (it must not be yet) and resolves once it is. */
export async function onLoopback(server: Server, endpoint = '/mcp'): Promise<Listening> {
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${endpoint}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
