import type { Elicitor } from './elicit.js';

export async function createEvent(name: string | undefined, opts: { elicitor: Elicitor }): Promise<string> {
  const title = name ?? (await opts.elicitor.elicit('Name the event'));
  return title === undefined ? 'No event created' : `Created ${title}`;
}
