// A loopback HTTP host for a server factory: createMcpHandler(factory) behind node:http on
// 127.0.0.1 and an ephemeral port. It translates each Node request into a Fetch Request, hands it
// to the handler and streams the Fetch Response back (JSON bodies and SSE streams alike).
// close() stops listening and drops every open connection, so a test that starts a host can
// always stop it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';

export interface LoopbackHost {
  /** The MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  readonly url: string;
  /** Handler errors reported by the SDK (out-of-band errors and rejected requests). */
  readonly errors: Error[];
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

export async function startLoopbackHost(factory: McpServerFactory, endpoint = '/mcp'): Promise<LoopbackHost> {
  const errors: Error[] = [];
  const handler = createMcpHandler(factory, { onerror: (error) => errors.push(error) });

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      errors.push(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error in the loopback host');
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? LOOPBACK}`);
    if (url.pathname !== endpoint) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const response = await handler.fetch(new Request(url, { method, headers, body, signal: abort.signal }));

    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      const existing = outHeaders[name];
      outHeaders[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    });
    res.writeHead(response.status, outHeaders);
    if (response.body === null) {
      res.end();
      return;
    }
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } finally {
      res.end();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${LOOPBACK}:${port}${endpoint}`,
    errors,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
