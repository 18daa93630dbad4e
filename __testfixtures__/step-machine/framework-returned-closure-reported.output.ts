import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server';

/** What the SDK context offers, as far as this factory cares. */
interface SdkCapabilities {
  elicitInput?: (params: ElicitRequestFormParams) => Promise<ElicitResult>;
}

export interface AppContext {
  requestId: string;
  elicit?: (message: string) => Promise<ElicitResult>;
}

function wrapElicit(sdkContext: SdkCapabilities): AppContext['elicit'] {
  if (typeof sdkContext.elicitInput !== 'function') return undefined;
  const fn = sdkContext.elicitInput;
  // @mcp-mrtr-migrate framework-asking-api: fn implements the function wrapElicit() returns, stored as `elicit` of the object appContextFor() returns: an asking API handed to other code, so whoever calls it asks the client. There is no handler here that could return inputRequired for that code, so it is not migrated; on 2026-07-28 the question throws
  return (message: string) => fn({ message, requestedSchema: { type: 'object', properties: {} } });
}

/** Builds the context the application's tool logic receives. */
export function appContextFor(sdkContext: SdkCapabilities, requestId: string): AppContext {
  return { requestId, elicit: wrapElicit(sdkContext) };
}
