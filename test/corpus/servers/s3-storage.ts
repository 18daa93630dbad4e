// Object storage server: bucket management and uploads from the client's workspace.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { confirmWithUser } from './lib/confirm.js';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

const storage = new ApiClient({ baseUrl: process.env.S3_ENDPOINT ?? 'https://s3.example.com/', token: process.env.S3_TOKEN });
const log = createLogger('s3');

/** Local folders uploads may come from; filled from the client's roots at start-up. */
const uploadRoots: string[] = [];

const server = new McpServer({ name: 's3-storage', version: '1.5.2' });

server.registerTool(
  'delete_bucket',
  {
    description: 'Delete a bucket and all of its objects',
    inputSchema: z.object({ bucket: z.string() }),
    annotations: { destructiveHint: true },
  },
  async ({ bucket }, ctx) => {
    try {
      const { keyCount } = await storage.get<{ keyCount: number }>(`${bucket}?list-type=2&max-keys=1000`);
      const ok = await confirmWithUser(ctx, `Delete bucket ${bucket}?`, {
        details: [`${keyCount}${keyCount === 1000 ? '+' : ''} objects will be deleted`, 'Versioned objects are deleted too'],
        typeToConfirm: bucket,
      });
      if (!ok) return { content: [{ type: 'text', text: `${bucket} kept` }] };
      await storage.delete(`${bucket}?force=true`);
      return { content: [{ type: 'text', text: `Deleted ${bucket}` }] };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { isError: true, content: [{ type: 'text', text: `No bucket ${bucket}` }] };
      log.error('delete_bucket failed', { bucket, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  },
);

server.registerTool(
  'upload_file',
  {
    description: 'Upload a local file from the workspace',
    inputSchema: z.object({ bucket: z.string(), file: z.string(), key: z.string().optional() }),
  },
  async ({ bucket, file, key }) => {
    const resolved = path.resolve(file);
    if (!uploadRoots.some((root) => resolved.startsWith(root + path.sep))) {
      return { isError: true, content: [{ type: 'text', text: `${file} is outside the shared workspace` }] };
    }
    const body = await readFile(resolved);
    await storage.request('PUT', `${bucket}/${encodeURIComponent(key ?? path.basename(resolved))}`, body.toString('base64'));
    return { content: [{ type: 'text', text: `Uploaded ${path.basename(resolved)} (${body.length} bytes)` }] };
  },
);

async function main(): Promise<void> {
  await server.connect(new StdioServerTransport());
  try {
    const { roots } = await server.server.listRoots();
    uploadRoots.push(...roots.filter((r) => r.uri.startsWith('file:')).map((r) => fileURLToPath(r.uri)));
    log.info('upload roots', { roots: uploadRoots });
  } catch (error) {
    log.warn('client did not share roots; uploads are disabled', { error: errorMessage(error) });
  }
}

main().catch((error: unknown) => {
  log.error('fatal', { error: errorMessage(error) });
  process.exit(1);
});
