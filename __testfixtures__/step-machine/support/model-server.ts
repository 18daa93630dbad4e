// Support module of receiver-typed-own-create-message-untouched (not a fixture itself): an in-house
// model gateway whose method happens to be called createMessage. It asks a model over HTTP, never
// the MCP client.
export interface ModelReply {
  text: string;
}

export class ModelServer {
  constructor(private readonly endpoint: string) {}

  async createMessage(request: { prompt: string; maxTokens: number }): Promise<ModelReply> {
    const response = await fetch(this.endpoint, { method: 'POST', body: JSON.stringify(request) });
    return (await response.json()) as ModelReply;
  }
}

export function makeModelServer(): ModelServer {
  return new ModelServer(process.env.MODEL_URL ?? 'http://localhost:8080');
}
