import { McpServer } from '@modelcontextprotocol/server';
import { useForQuestions } from './lib/questions.js';
import { registerOrgTools } from './tools/orgs.js';
import { registerRecordTools } from './tools/records.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'records', version: '1.0.0' });
  useForQuestions(server);
  registerRecordTools(server);
  registerOrgTools(server);
  return server;
}
