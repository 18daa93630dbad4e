import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'repos', version: '1.0.0' });

async function createDeployToken(repo: string): Promise<string> {
  return `tok_${repo}`;
}

server.registerTool(
  'connect-repo',
  { description: 'Connect a repository', inputSchema: z.object({ repo: z.string(), private: z.boolean() }) },
  async ({ repo, private: isPrivate }, ctx) => {
    const accessToken = await createDeployToken(repo);
    if (isPrivate) {
      const scope = await ctx.mcpReq.elicitInput({
        message: `Grant read or write access to the private repository ${repo}?`,
        requestedSchema: { type: 'object', properties: { scope: { type: 'string', enum: ['read', 'write'] } }, required: ['scope'] },
      });
      if (scope.action !== 'accept') return { content: [{ type: 'text', text: 'Not connected' }] };
    }
    return { content: [{ type: 'text', text: `Connected ${repo} with token ${accessToken.slice(0, 4)}…` }] };
  },
);
