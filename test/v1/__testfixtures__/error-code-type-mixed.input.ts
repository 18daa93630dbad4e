// Codes of both halves of the split flow through one annotated variable: which v2 enum it holds is
// the author's call, so the annotation is reported, not guessed, and the file stays on v1.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export function retryable(code: number): boolean {
  const slow: ErrorCode = ErrorCode.RequestTimeout;
  return code === slow || code === ErrorCode.InternalError;
}
