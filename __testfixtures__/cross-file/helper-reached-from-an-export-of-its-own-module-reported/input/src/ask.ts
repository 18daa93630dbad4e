// The asking helpers are exported, and so are the functions of this module that call them: the
// run reads every exported function on the way to a question before it says nobody calls it.
import type { Server } from '@modelcontextprotocol/server';

export async function elicit(server: Server, message: string): Promise<boolean> {
  const reply = await server.elicitInput({ message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return reply.action === 'accept' && reply.content?.ok === true;
}

/** Asked before a note is deleted. */
export async function confirmDelete(server: Server, name: string): Promise<boolean> {
  return elicit(server, `Delete ${name}?`);
}

export async function sample(server: Server, text: string): Promise<string> {
  const reply = await server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 200 });
  return reply.content.type === 'text' ? reply.content.text : '';
}

/** Nothing in the run calls this one. */
export async function summarise(server: Server, notes: string[]): Promise<string> {
  return sample(server, `Summarise: ${notes.join('\n')}`);
}
