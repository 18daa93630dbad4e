// Docker host management over the Engine API socket.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

interface ImageSummary {
  Id: string;
  RepoTags: string[] | null;
  Size: number;
  Created: number;
}

interface DockerEngine {
  listImages(filters?: Record<string, string[]>): Promise<ImageSummary[]>;
  removeImage(id: string, force: boolean): Promise<void>;
  createContainer(spec: { Image: string; name: string; Env: string[]; HostConfig: { PortBindings: Record<string, { HostPort: string }[]> } }): Promise<{ Id: string }>;
  startContainer(id: string): Promise<void>;
}

declare const docker: DockerEngine;

const log = createLogger('docker');
const PORT_PATTERN = /^\d{2,5}:\d{2,5}$/;

export const removedImages: string[] = [];

function formatSize(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function createDockerServer(): McpServer {
  const server = new McpServer({ name: 'docker', version: '1.1.0' });

  server.registerTool(
    'prune_images',
    {
      description: 'Remove dangling images',
      inputSchema: z.object({ olderThanDays: z.number().int().min(0).default(7) }),
      annotations: { destructiveHint: true },
    },
    async ({ olderThanDays }, ctx) => {
      const cutoff = Date.now() / 1000 - olderThanDays * 86_400;
      const dangling = (await docker.listImages({ dangling: ['true'] })).filter((image) => image.Created < cutoff);
      if (dangling.length === 0) return { content: [{ type: 'text', text: 'Nothing to prune' }] };
      const total = dangling.reduce((sum, image) => sum + image.Size, 0);
      log.info('prune candidates', { count: dangling.length, bytes: total });
      const answer = await ctx.mcpReq.elicitInput({
        message: `Remove ${dangling.length} dangling images (${formatSize(total)})?`,
        requestedSchema: { type: 'object', properties: { force: { type: 'boolean', title: 'Force removal', default: false } } },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing removed' }] };
      const failed: string[] = [];
      for (const image of dangling) {
        try {
          await docker.removeImage(image.Id, answer.content?.force === true);
          removedImages.push(image.Id);
        } catch (error) {
          failed.push(`${image.Id.slice(7, 19)}: ${errorMessage(error)}`);
        }
      }
      return {
        content: [{ type: 'text', text: `Removed ${dangling.length - failed.length} images${failed.length ? `\nFailed:\n${failed.join('\n')}` : ''}` }],
      };
    },
  );

  server.registerTool(
    'run_container',
    {
      description: 'Run a container; asks for a port mapping until it is valid',
      inputSchema: z.object({ image: z.string(), name: z.string() }),
    },
    async ({ image, name }, ctx) => {
      let mapping: string | undefined;
      let hint = '';
      while (!mapping) {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Port mapping for ${name} as host:container${hint}`,
          requestedSchema: { type: 'object', properties: { ports: { type: 'string', default: '8080:80' } }, required: ['ports'] },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Container not started' }] };
        const ports = String(answer.content?.ports ?? '');
        if (PORT_PATTERN.test(ports)) mapping = ports;
        else hint = ` ("${ports}" is not valid)`;
      }
      const [hostPort, containerPort] = mapping.split(':');
      const created = await docker.createContainer({
        Image: image,
        name,
        Env: [],
        HostConfig: { PortBindings: { [`${containerPort}/tcp`]: [{ HostPort: hostPort }] } },
      });
      await docker.startContainer(created.Id);
      return { content: [{ type: 'text', text: `Started ${name} (${created.Id.slice(0, 12)}) on port ${hostPort}` }] };
    },
  );

  return server;
}
