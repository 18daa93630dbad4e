import { ProtocolErrorCode, SdkErrorCode } from '@modelcontextprotocol/server';

// Codes of both halves of the split flow through one annotated variable: which v2 enum it holds is
// the author's call, so the annotation is reported, not guessed.

export function retryable(code: number): boolean {
  // @mcp-mrtr-migrate sdk-upgrade: ErrorCode (v1's ErrorCode from @modelcontextprotocol/sdk/types.js) is still named here: v2 split it into ProtocolErrorCode (protocol errors) and SdkErrorCode (the SDK's own, such as RequestTimeout), and this use could not be given one of them
  const slow: ErrorCode = SdkErrorCode.RequestTimeout;
  return code === slow || code === ProtocolErrorCode.InternalError;
}
