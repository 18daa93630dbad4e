// The asking helpers are exported, and so are the functions of this module that call them: the
// run reads every exported function on the way to a question before it says nobody calls it.
import type { Server } from '@modelcontextprotocol/server';

export async function elicit(server: Server, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: server.elicitInput is made in elicit(), which is not a request handler: it is reached from confirmDelete(), and confirmDelete() is exported and used by handleDelete() (./tools/delete.ts), and no request handler of this run calls those by name; the run follows them no further (a dispatch table such as handlers[name], or a closure handed to another function, is not followed to a handler), so it cannot tell whether a request handler reaches the question
  const reply = await server.elicitInput({ message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return reply.action === 'accept' && reply.content?.ok === true;
}

/** Asked before a note is deleted. */
export async function confirmDelete(server: Server, name: string): Promise<boolean> {
  return elicit(server, `Delete ${name}?`);
}

export async function sample(server: Server, text: string): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: server.createMessage is made in sample(), which is not a request handler: sample() is exported, and so is summarise(), which reaches it in this file, but no other file of this run calls any of them and nothing else in this file does: if they are called from outside the files given, run on the whole package (or pass --project <tsconfig>) so their callers are found; if nothing calls them, remove them
  const reply = await server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 200 });
  return reply.content.type === 'text' ? reply.content.text : '';
}

/** Nothing in the run calls this one. */
export async function summarise(server: Server, notes: string[]): Promise<string> {
  return sample(server, `Summarise: ${notes.join('\n')}`);
}
