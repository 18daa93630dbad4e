// A resource template whose read asks which format the report should have.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';

export const effects: string[] = [];

async function queryFigures(team: string, year: string): Promise<number[]> {
  effects.push(`query:${team}:${year}`);
  return [year.length, team.length, 42];
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'reports', version: '1.0.0' });

  server.registerResource(
    'team-report',
    new ResourceTemplate('reports://{team}/{year}', { list: undefined }),
    { mimeType: 'text/plain', description: 'Yearly report of a team' },
    async (uri, { team, year }, ctx) => {
      const figures = await queryFigures(String(team), String(year));
      const format = await ctx.mcpReq.elicitInput({
        message: `Which format for the ${String(year)} report of ${String(team)}?`,
        requestedSchema: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['summary', 'full'] } },
          required: ['format'],
        },
      });
      const full = format.action === 'accept' && format.content?.format === 'full';
      effects.push(`render:${String(team)}:${full ? 'full' : 'summary'}`);
      const text = full ? `Full report ${String(year)}: ${figures.join(', ')}` : `Summary ${String(year)}: ${figures.reduce((a, b) => a + b, 0)}`;
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
    },
  );

  return server;
}
