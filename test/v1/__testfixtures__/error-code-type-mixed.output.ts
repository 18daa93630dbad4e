// Codes of both halves of the split flow through one annotated variable: which v2 enum it holds is
// the author's call, so the annotation is reported, not guessed, and the file stays on v1.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export function retryable(code: number): boolean {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: ErrorCode (v1's ErrorCode from @modelcontextprotocol/sdk/types.js) is still named here: v2 split it into ProtocolErrorCode (protocol errors) and SdkErrorCode (the SDK's own, such as RequestTimeout), and this use could not be given one of them
  const slow: ErrorCode = ErrorCode.RequestTimeout;
  return code === slow || code === ErrorCode.InternalError;
}
