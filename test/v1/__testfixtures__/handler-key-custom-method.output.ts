// A handler for a method that is not in the spec: v2 registers it only in the three-argument
// custom form, which needs its params schema written out. The file stays on v1, with an error.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';

export function register(server: Server): void {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: setRequestHandler(z.object({ method: z.literal('acme/reindex') }).passthrough(), …) left as it was: 'acme/reindex' is not a spec request method; v2 takes a method string and throws when the server starts
  server.setRequestHandler(z.object({ method: z.literal('acme/reindex') }).passthrough(), async () => ({}));
}
