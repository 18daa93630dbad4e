import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/server';

/** The session object a third-party framework hands to the tools written for it. */
export interface FrameworkSession {
  requestSampling(params: CreateMessageRequestParams): Promise<CreateMessageResult>;
}

export async function summarise(session: FrameworkSession, text: string): Promise<string> {
  const result = await session.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : '';
}
