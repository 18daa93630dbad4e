import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/server';

/** The session object a third-party framework hands to the tools written for it. */
export interface FrameworkSession {
  requestSampling(params: CreateMessageRequestParams): Promise<CreateMessageResult>;
}

export async function summarise(session: FrameworkSession, text: string): Promise<string> {
  // @mcp-mrtr-migrate framework-asking-api: session.requestSampling is an asking API of the framework this code is written for, not of the MCP SDK: it sends the question to the client while the framework runs this function, which throws on 2026-07-28, and only the framework can turn it into a returned inputRequired
  const result = await session.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : '';
}
