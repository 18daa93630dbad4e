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
  return (message: string) => fn({ message, requestedSchema: { type: 'object', properties: {} } });
}

/** Builds the context the application's tool logic receives. */
export function appContextFor(sdkContext: SdkCapabilities, requestId: string): AppContext {
  return { requestId, elicit: wrapElicit(sdkContext) };
}
