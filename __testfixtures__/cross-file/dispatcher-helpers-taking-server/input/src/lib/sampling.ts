import type { Server } from '@modelcontextprotocol/server';

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
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise in one sentence:\n${conversation}` } }],
    maxTokens: 120,
  });
  const text = firstText(response.content).trim();
  if (!text) throw new Error('the model returned no summary');
  return text;
}

/** A few tags for the notes, written by the client's model. */
export async function suggestTags(server: Server, notes: Note[]): Promise<string[]> {
  const conversation = transcript(notes);
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Three comma-separated tags for:\n${conversation}` } }],
    maxTokens: 60,
  });
  return firstText(response.content).split(',').map((t) => t.trim()).filter(Boolean);
}
