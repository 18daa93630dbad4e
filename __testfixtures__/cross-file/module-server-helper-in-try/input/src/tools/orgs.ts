import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askToProceed } from '../lib/questions.js';

export const lookups: string[] = [];
export const loggedOut: string[] = [];

async function resolveOrg(alias: string): Promise<string> {
  lookups.push(alias);
  return `${alias}.example.org`;
}

export function registerOrgTools(server: McpServer): void {
  server.registerTool(
    'logout',
    { description: 'Log out of an org', inputSchema: z.object({ org: z.string() }) },
    async ({ org }) => {
      // Looked up once per call: the retry restores it instead of asking the registry again.
      const host = await resolveOrg(org);
      const verdict = await askToProceed(`Log out of ${host}?`);
      if (!verdict.proceed) {
        return { content: [{ type: 'text', text: `Still logged in to ${host}` }] };
      }
      loggedOut.push(host);
      return { content: [{ type: 'text', text: `Logged out of ${host}` }] };
    },
  );
}
