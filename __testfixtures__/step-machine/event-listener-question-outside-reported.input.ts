import { EventEmitter } from 'node:events';
import type { McpServer } from '@modelcontextprotocol/server';

/** Answers chat messages with the client's model, as they arrive from a chat gateway. */
export class ChatBridge {
  constructor(private readonly gateway: EventEmitter, private readonly server: McpServer) {}

  start(): void {
    this.gateway.on('message', this.onMessage);
  }

  private onMessage = async (text: string): Promise<void> => {
    if (text.trim() === '') return;
    this.gateway.emit('reply', await this.complete(text));
  };

  private async complete(text: string): Promise<string> {
    const result = await this.server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text } }],
      maxTokens: 100,
    });
    return result.content.type === 'text' ? result.content.text : '';
  }
}
