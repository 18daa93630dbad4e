import { McpServer } from '@modelcontextprotocol/server';
import { useServer } from './lib/confirm.js';
import { registerSnapshotTools } from './tools/snapshots.js';
import { registerVolumeTools } from './tools/volumes.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'storage', version: '1.0.0' });
  useServer(server);
  registerVolumeTools(server, new Map());
  registerSnapshotTools(server, new Set());
  return server;
}
