// An HTTP status mapped to an MCP error code: the split renames the member reads, and the return
// type that names the enum follows them.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

function codeFor(status: number): ProtocolErrorCode {
  if (status === 404) return ProtocolErrorCode.InvalidParams;
  return ProtocolErrorCode.InternalError;
}

export function toError(status: number, message: string): ProtocolError {
  return new ProtocolError(codeFor(status), message);
}
