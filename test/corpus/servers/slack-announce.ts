// Slack announcements: preview in a DM, publish after confirmation, reminders and feedback.
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface PostMessageResponse {
  ok: boolean;
  channel: string;
  ts: string;
}

interface Announcement {
  channel: string;
  ts: string;
  previewTs: string;
  createdAt: number;
  author: string;
}

const logger = createLogger('slack-announce');
const slack = new ApiClient({ baseUrl: 'https://slack.com/api/', token: process.env.SLACK_BOT_TOKEN });

export const announcements = new Map<string, Announcement>();
export const reminders: { channel: string; at: number; text: string }[] = [];

const server = new McpServer({ name: 'slack-announce', version: '0.9.4' });

server.registerTool(
  'post_announcement',
  {
    description: 'Post an announcement to a channel. A preview is sent to the author first.',
    inputSchema: z.object({ channel: z.string(), text: z.string(), authorDm: z.string() }),
  },
  async ({ channel, text, authorDm }, ctx) => {
    const announcementId = randomUUID();
    const createdAt = Date.now();
    try {
      const preview = await slack.post<PostMessageResponse>('chat.postMessage', {
        channel: authorDm,
        text: `*Preview for #${channel}:*\n${text}`,
      });
      logger.info('preview sent', { announcementId, channel, previewTs: preview.ts });
      const decision = await ctx.mcpReq.elicitInput({
        message: `A preview is in your DMs. Publish it to #${channel}?`,
        requestedSchema: {
          type: 'object',
          properties: {
            publish: { type: 'boolean', title: 'Publish now' },
            notifyChannel: { type: 'boolean', title: 'Mention @channel', default: false },
          },
          required: ['publish'],
        },
      });
      if (decision.action !== 'accept' || decision.content?.publish !== true) {
        await slack.post('chat.delete', { channel: preview.channel, ts: preview.ts });
        logger.info('announcement discarded', { announcementId });
        return { content: [{ type: 'text', text: 'Announcement discarded; the preview was deleted' }] };
      }
      const body = decision.content?.notifyChannel === true ? `<!channel> ${text}` : text;
      const posted = await slack.post<PostMessageResponse>('chat.postMessage', { channel, text: body });
      announcements.set(announcementId, { channel, ts: posted.ts, previewTs: preview.ts, createdAt, author: authorDm });
      return {
        content: [{ type: 'text', text: `Published to #${channel} (announcement ${announcementId}, ${Date.now() - createdAt} ms)` }],
      };
    } catch (error) {
      logger.error('post_announcement failed', { announcementId, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Slack error: ${errorMessage(error)}` }] };
    }
  },
);

server.registerTool(
  'schedule_reminder',
  {
    description: 'Schedule a reminder in a channel; the wording is polished by the client model in the background',
    inputSchema: z.object({ channel: z.string(), text: z.string(), inMinutes: z.number().int().positive() }),
  },
  async ({ channel, text, inMinutes }) => {
    const at = Date.now() + inMinutes * 60_000;
    reminders.push({ channel, at, text });
    server.server
      .createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Rewrite this Slack reminder to be friendly and short: ${text}` } }],
        maxTokens: 120,
      })
      .then((result) => {
        const reminder = reminders.find((r) => r.at === at && r.channel === channel);
        if (reminder && result.content.type === 'text') reminder.text = result.content.text;
      })
      .catch((error: unknown) => logger.warn('could not polish the reminder', { error: errorMessage(error) }));
    return { content: [{ type: 'text', text: `Reminder scheduled for ${new Date(at).toISOString()}` }] };
  },
);

server.registerTool(
  'post_update',
  {
    description: 'Post a status update to a channel',
    inputSchema: z.object({ channel: z.string(), text: z.string() }),
  },
  async ({ channel, text }, ctx) => {
    const posted = await slack.post<PostMessageResponse>('chat.postMessage', { channel, text });
    // Ask for feedback, but do not hold the tool result back for it.
    void ctx.mcpReq.elicitInput({
      message: 'Was this update clear enough?',
      requestedSchema: { type: 'object', properties: { rating: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['rating'] },
    });
    return { content: [{ type: 'text', text: `Posted (${posted.ts})` }] };
  },
);

export default server;
