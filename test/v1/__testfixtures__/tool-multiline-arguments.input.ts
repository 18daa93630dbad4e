// A tool registered the v1 way, one argument per line: the config object takes their place,
// one property per line, and nothing else of the call moves.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });

  server.tool(
    'get-forecast',
    // What the model reads when it picks a tool.
    'Get the weather forecast for a location',
    {
      latitude: z.number().min(-90).max(90).describe('Latitude of the location'),
      longitude: z.number().min(-180).max(180).describe('Longitude of the location'),
    },
    async ({ latitude, longitude }) => {
      const text = `Forecast for ${latitude},${longitude}:
  sunny`;
      return { content: [{ type: 'text', text }] };
    },
  );

  return server;
}
