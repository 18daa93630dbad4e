// Ops bridge: approvals requested by the CI system over HTTP are forwarded to the connected MCP
// client, and rollouts started from a tool are watched in the background.
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

const log = createLogger('ops-bridge');
const ci = new ApiClient({ baseUrl: process.env.CI_URL ?? 'https://ci.internal/api/', token: process.env.CI_TOKEN });

const server = new McpServer({ name: 'ops-bridge', version: '1.0.0' });

async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

// CI calls POST /approvals when a pipeline waits for a manual gate.
export const approvals = createHttpServer(async (req, res) => {
  if (req.method !== 'POST' || req.url !== '/approvals') {
    res.writeHead(404).end();
    return;
  }
  try {
    const gate = await readJson<{ pipelineId: string; stage: string; requestedBy: string }>(req);
    const answer = await server.server.elicitInput({
      message: `${gate.requestedBy} asks to run stage "${gate.stage}" of pipeline ${gate.pipelineId}. Approve?`,
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
    });
    const approved = answer.action === 'accept' && answer.content?.approve === true;
    await ci.post(`pipelines/${gate.pipelineId}/gates/${gate.stage}`, { approved });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ approved }));
  } catch (error) {
    log.error('approval relay failed', { error: errorMessage(error) });
    res.writeHead(502).end(JSON.stringify({ error: errorMessage(error) }));
  }
});

type Send = ServerContext['mcpReq']['send'];

async function watchRollout(rolloutId: string, send: Send): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const rollout = await ci.get<{ state: 'running' | 'paused' | 'done' | 'failed'; step: number }>(`rollouts/${rolloutId}`);
    if (rollout.state === 'done' || rollout.state === 'failed') {
      log.info('rollout finished', { rolloutId, state: rollout.state });
      return;
    }
    if (rollout.state === 'paused') {
      const answer = await send({
        method: 'elicitation/create',
        params: {
          message: `Rollout ${rolloutId} paused at step ${rollout.step}. Continue?`,
          requestedSchema: { type: 'object', properties: { resume: { type: 'boolean' } }, required: ['resume'] },
        },
      });
      await ci.post(`rollouts/${rolloutId}/${answer.action === 'accept' ? 'resume' : 'abort'}`, {});
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

server.registerTool(
  'start_rollout',
  {
    description: 'Start a progressive rollout; you will be asked at every manual pause',
    inputSchema: z.object({ service: z.string(), version: z.string() }),
  },
  async ({ service, version }, ctx) => {
    const rollout = await ci.post<{ id: string }>('rollouts', { service, version });
    void watchRollout(rollout.id, ctx.mcpReq.send).catch((error: unknown) =>
      log.error('rollout watcher crashed', { rolloutId: rollout.id, error: errorMessage(error) }),
    );
    return { content: [{ type: 'text', text: `Rollout ${rollout.id} started for ${service}@${version}` }] };
  },
);

export default server;
