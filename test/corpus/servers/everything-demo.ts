// Demo server exercising every client feature, modelled on the reference "everything" server.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createEverythingServer(): McpServer {
  const server = new McpServer(
    { name: 'everything-demo', version: '2025.11.0' },
    { capabilities: { tools: {}, logging: {} }, instructions: 'Test server for MCP client features.' },
  );

  server.registerTool(
    'sampleLLM',
    {
      title: 'Sample LLM',
      description: "Samples from the client's model",
      inputSchema: z.object({ prompt: z.string().describe('The prompt to send'), maxTokens: z.number().default(100) }),
    },
    async ({ prompt, maxTokens }) => {
      const result = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Resource sampleLLM context: ${prompt}` } }],
        systemPrompt: 'You are a helpful test server.',
        maxTokens,
        temperature: 0.7,
        includeContext: 'thisServer',
      });
      return { content: [{ type: 'text', text: `LLM sampling result: ${result.content.type === 'text' ? result.content.text : '[non-text]'}` }] };
    },
  );

  server.registerTool(
    'startElicitation',
    {
      title: 'Start Elicitation',
      description: 'Collects a few preferences from the user',
      inputSchema: z.object({}),
    },
    async () => {
      const result = await server.server.elicitInput({
        message: 'Please provide your preferences',
        requestedSchema: {
          type: 'object',
          properties: {
            color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'] },
            number: { type: 'integer', title: 'Favourite number', minimum: 1, maximum: 100 },
            pets: { type: 'boolean', title: 'Has pets', default: false },
          },
          required: ['color'],
        },
      });
      const lines: string[] = [];
      if (result.action === 'accept' && result.content) {
        lines.push('✅ User provided the requested information:');
        for (const [key, value] of Object.entries(result.content)) lines.push(`- ${key}: ${JSON.stringify(value)}`);
      } else if (result.action === 'decline') {
        lines.push('❌ User declined to provide the requested information.');
      } else {
        lines.push('⚠️ User cancelled the elicitation dialog.');
      }
      return { content: [{ type: 'text', text: lines.join('\n') }] };
    },
  );

  server.registerTool(
    'getRoots',
    {
      title: 'Get Roots',
      description: 'Lists the roots shared by the client',
      inputSchema: z.object({}),
    },
    async () => {
      const capabilities = server.server.getClientCapabilities();
      if (!capabilities?.roots) {
        return { content: [{ type: 'text', text: 'The client does not support roots.' }] };
      }
      try {
        const { roots } = await server.server.listRoots();
        if (roots.length === 0) return { content: [{ type: 'text', text: 'The client shares no roots.' }] };
        return { content: [{ type: 'text', text: roots.map((root, i) => `${i + 1}. ${root.name ?? '(unnamed)'} ${root.uri}`).join('\n') }] };
      } catch (error) {
        return { content: [{ type: 'text', text: `Error listing roots: ${error instanceof Error ? error.message : String(error)}` }] };
      }
    },
  );

  return server;
}
