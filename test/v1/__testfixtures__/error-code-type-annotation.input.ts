// An HTTP status mapped to an MCP error code: the split renames the member reads, and the return
// type that names the enum follows them.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

function codeFor(status: number): ErrorCode {
  if (status === 404) return ErrorCode.InvalidParams;
  return ErrorCode.InternalError;
}

export function toError(status: number, message: string): McpError {
  return new McpError(codeFor(status), message);
}
