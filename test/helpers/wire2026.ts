// A tiny in-process driver for the MCP 2026-07-28 wire: builds the HTTP request exactly as a
// 2026 client sends it and hands it to createMcpHandler(factory).fetch(request, { authInfo }).
// No port, no session, no initialize: every request stands alone.
//
// What the SDK (2.4.0) requires of a 2026-07-28 request, found in classifyInboundRequest,
// validateStandardRequestHeaders and the 2026 codec's validateEnvelopeMeta:
//   - POST with Content-Type: application/json (else 415); Accept may list application/json and
//     text/event-stream (the per-request transport answers JSON unless it has to stream).
//   - params._meta['io.modelcontextprotocol/protocolVersion'] = '2026-07-28': this key is what
//     makes the request a 2026 one (the body decides the era, not the header);
//   - params._meta['io.modelcontextprotocol/clientCapabilities']: required on every request
//     (an object, {} when nothing is declared); clientInfo ('io.modelcontextprotocol/clientInfo')
//     is only a SHOULD;
//   - header MCP-Protocol-Version equal to the envelope's version (missing or different: -32020,
//     HTTP 400);
//   - header Mcp-Method equal to the body's method;
//   - header Mcp-Name equal to params.name (tools/call, prompts/get) or params.uri
//     (resources/read), Base64-wrapped as =?base64?…?= when it is not plain printable ASCII.
// A request the capability gate refuses (-32021) and the ladder rejections answer HTTP 400; errors
// thrown while a handler runs (including the requestState verify hook's -32602) answer HTTP 200
// with a JSON-RPC error body.
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type AuthInfo,
  type ClientCapabilities,
} from '@modelcontextprotocol/server';

export const PROTOCOL_VERSION_2026 = '2026-07-28';

/** What createMcpHandler(...) returns, as far as this driver uses it. */
export interface FetchHandler {
  fetch(request: Request, options?: { authInfo?: AuthInfo }): Promise<Response>;
}

/** Capabilities a full-featured test client declares unless a call says otherwise. */
export const ALL_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: {},
};

export interface RpcOptions {
  /** Declared in this request's _meta envelope (default ALL_CAPABILITIES). */
  capabilities?: ClientCapabilities;
  authInfo?: AuthInfo;
  /** JSON-RPC id (default: a new number per call). */
  id?: string | number;
  /** Extra or replacing HTTP headers. */
  headers?: Record<string, string>;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** One exchange as seen on the wire. */
export interface WireResponse {
  status: number;
  contentType: string;
  /** The JSON-RPC response for this request's id. */
  body: { jsonrpc: '2.0'; id: string | number | null; result?: Record<string, unknown>; error?: JsonRpcError };
  /** Every JSON-RPC message received (notifications streamed before the response, then the response). */
  messages: unknown[];
}

let nextId = 1;

/** A request of one of the multi-round-trip methods, without the retry fields. */
export interface Call {
  method: string;
  params: Record<string, unknown>;
}

export const toolCall = (name: string, args: Record<string, unknown> = {}): Call => ({
  method: 'tools/call',
  params: { name, arguments: args },
});

export const promptCall = (name: string, args: Record<string, string> = {}): Call => ({
  method: 'prompts/get',
  params: { name, arguments: args },
});

export const resourceCall = (uri: string): Call => ({ method: 'resources/read', params: { uri } });

/** Sends one JSON-RPC request on the 2026-07-28 wire and returns the parsed exchange. */
export async function rpc2026(
  handler: FetchHandler,
  request: { method: string; params?: Record<string, unknown> } & RpcOptions,
): Promise<WireResponse> {
  const { method, params = {}, capabilities = ALL_CAPABILITIES, authInfo, headers = {} } = request;
  const id = request.id ?? nextId++;
  const meta = {
    ...(params['_meta'] as Record<string, unknown> | undefined),
    [PROTOCOL_VERSION_META_KEY]: PROTOCOL_VERSION_2026,
    [CLIENT_CAPABILITIES_META_KEY]: capabilities,
    [CLIENT_INFO_META_KEY]: { name: 'wire2026-test-client', version: '0.0.0' },
  };
  const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } };
  const httpHeaders: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION_2026,
    'mcp-method': method,
  };
  const name = mcpNameOf(method, params);
  if (name !== undefined) httpHeaders['mcp-name'] = encodeHeaderValue(name);
  Object.assign(httpHeaders, headers);
  const response = await handler.fetch(
    new Request('http://localhost/mcp', { method: 'POST', headers: httpHeaders, body: JSON.stringify(body) }),
    authInfo === undefined ? undefined : { authInfo },
  );
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const messages = contentType.startsWith('text/event-stream') ? parseSse(text) : text === '' ? [] : [JSON.parse(text)];
  const reply = messages.find(
    (m): m is WireResponse['body'] =>
      typeof m === 'object' && m !== null && 'id' in m && ('result' in m || 'error' in m),
  );
  if (reply === undefined) throw new Error(`no JSON-RPC response in HTTP ${response.status} body: ${text}`);
  return { status: response.status, contentType, body: reply, messages };
}

/** Sends a call (first leg). */
export function send(handler: FetchHandler, call: Call, options: RpcOptions = {}): Promise<WireResponse> {
  return rpc2026(handler, { ...options, method: call.method, params: call.params });
}

/** The same call again with this round's answers and the echoed requestState (either may be left out). */
export function retry(
  handler: FetchHandler,
  call: Call,
  round: { inputResponses?: Record<string, unknown>; requestState?: unknown },
  options: RpcOptions = {},
): Promise<WireResponse> {
  const params: Record<string, unknown> = { ...call.params };
  if (round.inputResponses !== undefined) params['inputResponses'] = round.inputResponses;
  if (round.requestState !== undefined) params['requestState'] = round.requestState;
  return rpc2026(handler, { ...options, method: call.method, params });
}

export function callTool(
  handler: FetchHandler,
  name: string,
  args: Record<string, unknown> = {},
  options: RpcOptions = {},
): Promise<WireResponse> {
  return send(handler, toolCall(name, args), options);
}

export function getPrompt(
  handler: FetchHandler,
  name: string,
  args: Record<string, string> = {},
  options: RpcOptions = {},
): Promise<WireResponse> {
  return send(handler, promptCall(name, args), options);
}

/** The result of a successful exchange (throws with the error when there is none). */
export function resultOf(response: WireResponse): Record<string, unknown> {
  if (response.body.result === undefined) {
    throw new Error(`expected a result, got HTTP ${response.status} ${JSON.stringify(response.body.error)}`);
  }
  return response.body.result;
}

/** The error of a failed exchange (throws with the result when there is none). */
export function errorOf(response: WireResponse): JsonRpcError {
  if (response.body.error === undefined) {
    throw new Error(`expected a JSON-RPC error, got HTTP ${response.status} ${JSON.stringify(response.body.result)}`);
  }
  return response.body.error;
}

/** The requestState of an input_required result. */
export function requestStateOf(response: WireResponse): string {
  const state = resultOf(response)['requestState'];
  if (typeof state !== 'string') throw new Error(`no requestState in ${JSON.stringify(response.body)}`);
  return state;
}

/** The text of the first text content block of a tool result. */
export function textOf(response: WireResponse): string {
  const content = resultOf(response)['content'];
  const first = Array.isArray(content) ? (content[0] as { type?: string; text?: string } | undefined) : undefined;
  if (first?.type !== 'text' || typeof first.text !== 'string') {
    throw new Error(`no text content in ${JSON.stringify(response.body)}`);
  }
  return first.text;
}

function mcpNameOf(method: string, params: Record<string, unknown>): string | undefined {
  const field = method === 'resources/read' ? 'uri' : method === 'tools/call' || method === 'prompts/get' ? 'name' : undefined;
  const value = field === undefined ? undefined : params[field];
  return typeof value === 'string' ? value : undefined;
}

/** Header value encoding of the 2026 HTTP binding: plain printable ASCII as is, else =?base64?…?=. */
function encodeHeaderValue(value: string): string {
  const plain =
    value.length > 0 &&
    value === value.trim() &&
    !(value.startsWith('=?base64?') && value.endsWith('?=')) &&
    [...value].every((c) => c === '\t' || (c >= ' ' && c <= '~'));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The JSON messages of an SSE body (data lines of each event, joined). */
function parseSse(text: string): unknown[] {
  const out: unknown[] = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') out.push(JSON.parse(data));
  }
  return out;
}
