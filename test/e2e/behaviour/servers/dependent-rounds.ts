// Three rounds, each built from the answer before it: the city, then a hotel offered from the
// search for that city, then the price of the hold on that hotel. Side effects run before the
// first question, between the rounds and after the last one.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

const CITIES = ['Lisbon', 'Oslo', 'Kyoto'];

interface Hotel {
  name: string;
  nightly: number;
}

interface Hold {
  id: string;
  hotel: string;
  total: number;
}

async function openSession(traveller: string): Promise<string> {
  effects.push(`session:${traveller}`);
  return `s-${traveller}`;
}

async function searchHotels(city: string): Promise<Hotel[]> {
  effects.push(`search:${city}`);
  return [
    { name: `${city} Grand`, nightly: 200 },
    { name: `${city} Inn`, nightly: 90 },
  ];
}

async function holdRoom(session: string, hotel: Hotel, nights: number): Promise<Hold> {
  effects.push(`hold:${hotel.name}`);
  return { id: `${session}:${hotel.name}`, hotel: hotel.name, total: hotel.nightly * nights };
}

async function releaseHold(hold: Hold): Promise<void> {
  effects.push(`release:${hold.id}`);
}

async function book(hold: Hold): Promise<string> {
  effects.push(`book:${hold.id}`);
  return `B-${hold.total}`;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'trips', version: '1.0.0' });

  server.registerTool(
    'book-trip',
    {
      description: 'Book a hotel, asking step by step',
      inputSchema: z.object({ traveller: z.string(), nights: z.number().int().min(1) }),
    },
    async ({ traveller, nights }, ctx) => {
      const session = await openSession(traveller);
      const destination = await ctx.mcpReq.elicitInput({
        message: 'Where do you want to go?',
        requestedSchema: { type: 'object', properties: { city: { type: 'string', enum: CITIES } }, required: ['city'] },
      });
      if (destination.action !== 'accept') {
        return { content: [{ type: 'text', text: 'No trip planned' }] };
      }
      const city = String(destination.content?.city);
      const hotels = await searchHotels(city);
      const pick = await ctx.mcpReq.elicitInput({
        message: `Hotels in ${city}: ${hotels.map((h) => `${h.name} (${h.nightly}/night)`).join(', ')}`,
        requestedSchema: {
          type: 'object',
          properties: { hotel: { type: 'string', enum: hotels.map((h) => h.name) } },
          required: ['hotel'],
        },
      });
      if (pick.action !== 'accept') {
        return { content: [{ type: 'text', text: `No hotel chosen in ${city}` }] };
      }
      const hotel = hotels.find((h) => h.name === pick.content?.hotel) ?? hotels[0]!;
      const hold = await holdRoom(session, hotel, nights);
      const confirmation = await ctx.mcpReq.elicitInput({
        message: `Book ${hold.hotel} for ${nights} nights at ${hold.total}?`,
        requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
      });
      if (confirmation.action !== 'accept' || confirmation.content?.book !== true) {
        await releaseHold(hold);
        return { content: [{ type: 'text', text: `Released the hold on ${hold.hotel}` }] };
      }
      const reference = await book(hold);
      return { content: [{ type: 'text', text: `Booked ${hold.hotel} in ${city}, ${nights} nights: ${reference}` }] };
    },
  );

  return server;
}
