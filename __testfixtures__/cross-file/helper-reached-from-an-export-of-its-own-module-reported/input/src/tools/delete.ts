import type { Server } from '@modelcontextprotocol/server';
import { confirmDelete } from '../ask.js';

export async function handleDelete(server: Server, args: { name: string }) {
  const ok = await confirmDelete(server, args.name);
  return { content: [{ type: 'text' as const, text: ok ? `Deleted ${args.name}` : 'Kept' }] };
}
