// A legacy MCP server in the 2025 push style, exposing the fixture tools and the prompt that the
// official conformance suite's input-required-result-* scenarios call. Its handlers ask the client
// mid-function (ctx.mcpReq.elicitInput / requestSampling / send, server.server.listRoots), the way
// servers were written before protocol revision 2026-07-28. It compiles against
// @modelcontextprotocol/server 2.x, but every push call below throws when a request is served on
// 2026-07-28.
//
// It also serves the tools of the suite's 2025-era scenarios (test_elicitation, test_sampling,
// test_reconnection). ./http.ts serves it over Streamable HTTP with sessions, the way a 2025
// deployment does. conformance.test.ts migrates a copy of both files with mcp-mrtr-migrate, starts
// the migrated http.ts on loopback and runs the suite against it. Do not edit these files to make a
// migrated scenario pass: a failure there is a bug in the migration.
import { randomUUID } from 'node:crypto';
import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

const NAME_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};

/** The text of a sampling result, whether the client sent one content block or several. */
function textOf(result: { content: unknown }): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const text = blocks.find((block): block is { type: 'text'; text: string } => (block as { type?: unknown })?.type === 'text');
  return text?.text ?? '(no text)';
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'conformance-legacy-server', version: '1.0.0' });

  // Greets the user by name.
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Ask the user for their name and greet them' },
    async (ctx) => {
      const userName = await ctx.mcpReq.elicitInput({
        message: 'What is your name?',
        requestedSchema: NAME_SCHEMA,
      });
      if (userName.action !== 'accept') {
        return { content: [{ type: 'text', text: `No name given (${userName.action})` }] };
      }
      return { content: [{ type: 'text', text: `Hello, ${String(userName.content?.name)}!` }] };
    },
  );

  // Lets the client's model answer a question.
  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Ask the client model for the capital of France' },
    async (ctx) => {
      const capital = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
        maxTokens: 100,
      });
      return { content: [{ type: 'text', text: `The model says: ${textOf(capital)}` }] };
    },
  );

  // Lists the folders the client shares with the server.
  server.registerTool(
    'test_input_required_result_list_roots',
    { description: 'List the roots the client shares' },
    async () => {
      const clientRoots = await server.server.listRoots();
      const uris = clientRoots.roots.map((root) => (root.name ? `${root.name} (${root.uri})` : root.uri));
      return { content: [{ type: 'text', text: uris.length > 0 ? `Roots: ${uris.join(', ')}` : 'No roots shared' }] };
    },
  );

  // Opens a ticket before asking for confirmation; the ticket must be the same one afterwards.
  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Open a ticket and close it once the user confirms' },
    async (ctx) => {
      const ticket = `ticket-${randomUUID()}`;
      const openedAt = Date.now();
      const confirmation = await ctx.mcpReq.elicitInput({
        message: 'Please confirm',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (confirmation.action !== 'accept' || confirmation.content?.ok !== true) {
        return { content: [{ type: 'text', text: `${ticket} left open (${confirmation.action})` }] };
      }
      const elapsed = Date.now() - openedAt;
      return { content: [{ type: 'text', text: `state-ok: ${ticket} confirmed after ${elapsed} ms` }] };
    },
  );

  // Three independent questions, one of each kind.
  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: 'Greet the user in every shared folder' },
    async (ctx) => {
      const userName = await ctx.mcpReq.elicitInput({ message: 'What is your name?', requestedSchema: NAME_SCHEMA });
      const greeting = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      });
      const clientRoots = await ctx.mcpReq.send({ method: 'roots/list' });
      const who = userName.action === 'accept' ? String(userName.content?.name) : 'stranger';
      const where = clientRoots.roots.map((root) => root.uri).join(', ') || 'nowhere';
      return { content: [{ type: 'text', text: `${textOf(greeting)} ${who}, from ${where}` }] };
    },
  );

  // The second question is built from the first answer.
  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Ask for a name, then for that person\'s favourite colour' },
    async (ctx) => {
      const person = await ctx.mcpReq.elicitInput({ message: 'Step 1: What is your name?', requestedSchema: NAME_SCHEMA });
      if (person.action !== 'accept') {
        return { content: [{ type: 'text', text: 'Stopped at step 1' }] };
      }
      const name = String(person.content?.name);
      const color = await ctx.mcpReq.elicitInput({
        message: `Step 2: What is your favorite color, ${name}?`,
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      });
      if (color.action !== 'accept') {
        return { content: [{ type: 'text', text: `${name} did not pick a colour` }] };
      }
      return { content: [{ type: 'text', text: `${name} likes ${String(color.content?.color)}` }] };
    },
  );

  // A privileged action that must not run without the user's approval.
  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Delete the scratch workspace after the user approves' },
    async (ctx) => {
      const approval = await ctx.mcpReq.elicitInput({
        message: 'Delete the scratch workspace?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (approval.action !== 'accept' || approval.content?.ok !== true) {
        return { content: [{ type: 'text', text: 'Nothing deleted' }] };
      }
      return { content: [{ type: 'text', text: 'Scratch workspace deleted' }] };
    },
  );

  // Asks the user where the client can show a form, else lets the client's model choose.
  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Pick a project name, from the user or from the client model' },
    async (ctx) => {
      const capabilities = server.server.getClientCapabilities();
      if (capabilities?.elicitation) {
        const choice = await ctx.mcpReq.elicitInput({
          message: 'Name the new project',
          requestedSchema: { type: 'object', properties: { project: { type: 'string' } }, required: ['project'] },
        });
        if (choice.action !== 'accept') {
          return { content: [{ type: 'text', text: 'No project created' }] };
        }
        return { content: [{ type: 'text', text: `Project ${String(choice.content?.project)} created` }] };
      }
      if (!capabilities?.sampling) {
        return { isError: true, content: [{ type: 'text', text: 'This tool needs a client that supports elicitation or sampling' }] };
      }
      const suggestion = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a short name for a new project' } }],
        maxTokens: 20,
      });
      return { content: [{ type: 'text', text: `Project ${textOf(suggestion)} created` }] };
    },
  );

  // 2025-era scenario tools-call-elicitation: asks for a user name and an email address.
  server.registerTool(
    'test_elicitation',
    { description: 'Ask the user for their details', inputSchema: z.object({ message: z.string() }) },
    async ({ message }, ctx) => {
      const details = await ctx.mcpReq.elicitInput({
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      });
      return { content: [{ type: 'text', text: `User response: ${JSON.stringify({ action: details.action, content: details.content })}` }] };
    },
  );

  // 2025-era scenario tools-call-sampling: the client's model answers the prompt.
  server.registerTool(
    'test_sampling',
    { description: 'Ask the client model', inputSchema: z.object({ prompt: z.string() }) },
    async ({ prompt }, ctx) => {
      const reply = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      return { content: [{ type: 'text', text: `LLM response: ${textOf(reply)}` }] };
    },
  );

  // 2025-era scenario server-sse-polling (SEP-1699): closes the response stream mid-call; the
  // client reconnects with Last-Event-ID and gets the result from the event store.
  server.registerTool('test_reconnection', { description: 'Close the SSE stream before answering' }, async (ctx) => {
    ctx.http?.closeSSE?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { content: [{ type: 'text', text: 'Reconnection test completed' }] };
  });

  // A prompt whose text depends on the user's answer.
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt built around context the user provides' },
    async (ctx) => {
      const userContext = await ctx.mcpReq.elicitInput({
        message: 'What context should the prompt use?',
        requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
      });
      const context = userContext.action === 'accept' ? String(userContext.content?.context) : 'no particular context';
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Answer with this context in mind: ${context}` } }],
      };
    },
  );

  return server;
}
