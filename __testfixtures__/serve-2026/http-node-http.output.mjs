import { createServer } from 'node:http';
import { McpServer, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';

function buildServer() {
  return new McpServer({ name: 'plain-node', version: '1.0.0' });
}

const mcpHandler = toNodeHandler(createMcpHandler(() => buildServer(), { legacy: 'reject' }));

createServer(async (req, res) => {
  const webRequest = await toWebRequest(req);
  const parsedBody = await webRequest.clone().json().catch(() => undefined);
  if (!(await isLegacyRequest(webRequest, parsedBody))) return mcpHandler(req, res, parsedBody);
  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, parsedBody);
}).listen(3000);
