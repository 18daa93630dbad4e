import { type Server, type CreateMessageRequestParams, type CreateMessageResult } from '@modelcontextprotocol/server';

interface Note {
  author: string;
  text: string;
}

function transcript(notes: Note[]): string {
  return notes.map((n) => `${n.author}: ${n.text}`).join('\n');
}

function firstText(content: unknown): string {
  if (typeof content === 'object' && content !== null && 'text' in content) return String((content as { text: unknown }).text);
  return '';
}

/** One sentence about the notes, written by the client's model. */
export async function summarise(server: Server, notes: Note[]): Promise<string> {
  const conversation = transcript(notes);
  // @mcp-mrtr-migrate push-in-helper: server.createMessage is made in helper summarise(), whose question was lifted into the handlers migrated so far (they use summariseParams() instead); summarise() itself still asks, for the callers it has left or because it is exported
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise in one sentence:\n${conversation}` } }],
    maxTokens: 120,
  });
  const text = firstText(response.content).trim();
  if (!text) throw new Error('the model returned no summary');
  return text;
}

/** The request summarise() asks with (its code before the question). */
export function summariseParams(notes: Note[]): CreateMessageRequestParams {
  const conversation = transcript(notes);
  return {
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise in one sentence:\n${conversation}` } }],
    maxTokens: 120,
  };
}

/** What summarise() does with the answer (its code after the question). */
export function summariseOutcome(response: CreateMessageResult): string {
  const text = firstText(response.content).trim();
  if (!text) throw new Error('the model returned no summary');
  return text;
}

/** A few tags for the notes, written by the client's model. */
export async function suggestTags(server: Server, notes: Note[]): Promise<string[]> {
  const conversation = transcript(notes);
  // @mcp-mrtr-migrate push-in-helper: server.createMessage is made in helper suggestTags(), whose question was lifted into the handlers migrated so far (they use suggestTagsParams() instead); suggestTags() itself still asks, for the callers it has left or because it is exported
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Three comma-separated tags for:\n${conversation}` } }],
    maxTokens: 60,
  });
  return firstText(response.content).split(',').map((t) => t.trim()).filter(Boolean);
}

/** The request suggestTags() asks with (its code before the question). */
export function suggestTagsParams(notes: Note[]): CreateMessageRequestParams {
  const conversation = transcript(notes);
  return {
    messages: [{ role: 'user', content: { type: 'text', text: `Three comma-separated tags for:\n${conversation}` } }],
    maxTokens: 60,
  };
}

/** What suggestTags() does with the answer (its code after the question). */
export function suggestTagsOutcome(response: CreateMessageResult): string[] {
  return firstText(response.content).split(',').map((t) => t.trim()).filter(Boolean);
}
