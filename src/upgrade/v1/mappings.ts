// What the v1 surface becomes in v2, as data (the logic that applies it lives beside this file).

/** The v1 SDK's package; its subpaths (`/server/mcp.js`, …) are v1 modules too. */
export const V1_PACKAGE = '@modelcontextprotocol/sdk';

export function isV1Module(module: string): boolean {
  return module === V1_PACKAGE || module.startsWith(`${V1_PACKAGE}/`);
}

/**
 * The v1 handler `extra` → the v2 context: where each v1 key lives now, as a path from the
 * context (`?.` where the v2 object is optional).
 */
export const CONTEXT_PATHS: Readonly<Record<string, string>> = {
  sessionId: 'sessionId',
  signal: 'mcpReq.signal',
  requestId: 'mcpReq.id',
  _meta: 'mcpReq._meta',
  sendRequest: 'mcpReq.send',
  sendNotification: 'mcpReq.notify',
  authInfo: 'http?.authInfo',
  requestInfo: 'http?.req',
  closeSSEStream: 'http?.closeSSE',
  closeStandaloneSSEStream: 'http?.closeStandaloneSSE',
};

/** v1 context keys of the experimental tasks feature, which v2 removed (SEP-2663). */
export const TASK_CONTEXT_KEYS: ReadonlySet<string> = new Set(['taskStore', 'taskId', 'taskRequestedTtl']);

/** v1 request schemas → the method string v2 registers handlers by. */
export const REQUEST_SCHEMA_METHODS: Readonly<Record<string, string>> = {
  InitializeRequestSchema: 'initialize',
  CallToolRequestSchema: 'tools/call',
  ListToolsRequestSchema: 'tools/list',
  ListPromptsRequestSchema: 'prompts/list',
  GetPromptRequestSchema: 'prompts/get',
  ListResourcesRequestSchema: 'resources/list',
  ReadResourceRequestSchema: 'resources/read',
  ListResourceTemplatesRequestSchema: 'resources/templates/list',
  SubscribeRequestSchema: 'resources/subscribe',
  UnsubscribeRequestSchema: 'resources/unsubscribe',
  CreateMessageRequestSchema: 'sampling/createMessage',
  ElicitRequestSchema: 'elicitation/create',
  SetLevelRequestSchema: 'logging/setLevel',
  PingRequestSchema: 'ping',
  CompleteRequestSchema: 'completion/complete',
  ListRootsRequestSchema: 'roots/list',
};

/** v1 notification schemas → method strings. */
export const NOTIFICATION_SCHEMA_METHODS: Readonly<Record<string, string>> = {
  LoggingMessageNotificationSchema: 'notifications/message',
  ToolListChangedNotificationSchema: 'notifications/tools/list_changed',
  ResourceListChangedNotificationSchema: 'notifications/resources/list_changed',
  PromptListChangedNotificationSchema: 'notifications/prompts/list_changed',
  ResourceUpdatedNotificationSchema: 'notifications/resources/updated',
  ProgressNotificationSchema: 'notifications/progress',
  CancelledNotificationSchema: 'notifications/cancelled',
  InitializedNotificationSchema: 'notifications/initialized',
  RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
};

export const SPEC_REQUEST_METHODS: ReadonlySet<string> = new Set(Object.values(REQUEST_SCHEMA_METHODS));
export const SPEC_NOTIFICATION_METHODS: ReadonlySet<string> = new Set(Object.values(NOTIFICATION_SCHEMA_METHODS));

/** Keys of v1 `ToolAnnotations`: an object literal of only these (with plain values) is annotations, not a shape. */
export const TOOL_ANNOTATION_KEYS: ReadonlySet<string> = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

/**
 * v1 module paths the official codemod's import map does not know, and where their exports went.
 * `context`: the v2 package that fits the file (`@modelcontextprotocol/server`, or `/client`).
 * `calls`: exported functions rewritten at their call sites (see utility-calls.ts), so the import
 * goes away; an export not listed has no v2 home and stays (reported).
 */
export const UTILITY_MODULES: Readonly<Record<string, { target?: 'context'; calls?: readonly string[] }>> = {
  'server/zod-json-schema-compat': { calls: ['toJsonSchemaCompat'] },
  'shared/metadataUtils': { target: 'context' },
  'spec.types': { target: 'context' },
};

/**
 * v1 exports v2 renamed, as the pinned official codemod's `symbols` transform renames them (see
 * symbols.ts; test/v1-symbols.test.ts holds the two to the same outcome).
 */
export const SYMBOL_RENAMES: Readonly<Record<string, string>> = {
  McpError: 'ProtocolError',
  JSONRPCError: 'JSONRPCErrorResponse',
  JSONRPCErrorSchema: 'JSONRPCErrorResponseSchema',
  isJSONRPCError: 'isJSONRPCErrorResponse',
  isJSONRPCResponse: 'isJSONRPCResultResponse',
  JSONRPCResponse: 'JSONRPCResultResponse',
  JSONRPCResponseSchema: 'JSONRPCResultResponseSchema',
  ResourceReference: 'ResourceTemplateReference',
  ResourceReferenceSchema: 'ResourceTemplateReferenceSchema',
};

/** v1 ErrorCode members raised by the SDK itself: v2 moved them to SdkErrorCode (on SdkError). */
export const ERROR_CODE_SDK_MEMBERS: ReadonlySet<string> = new Set(['RequestTimeout', 'ConnectionClosed']);
