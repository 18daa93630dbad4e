// The SDK's names for the types of a question's params and answer, as the generated code writes
// them (carried in a state type, or on a lifted helper's companions).
import type { AskKind } from './handler-plan.js';

/** The params type of a question of `kind` (none for roots, which take no params). */
export function requestTypeName(kind: AskKind): string | undefined {
  switch (kind) {
    case 'elicit':
      return 'ElicitRequestFormParams';
    case 'elicit-url':
      return 'Parameters<typeof inputRequired.elicitUrl>[0]';
    case 'sampling':
      return 'CreateMessageRequestParams';
    case 'roots':
      return undefined;
  }
}

/** The answer type of a question of `kind` asked through `api` (requestSampling may answer with tool use). */
export function answerTypeName(kind: AskKind, api: string): string {
  if (kind === 'roots') return 'ListRootsResult';
  if (kind !== 'sampling') return 'ElicitResult';
  return /requestSampling/.test(api) ? 'CreateMessageResult | CreateMessageResultWithTools' : 'CreateMessageResult';
}
