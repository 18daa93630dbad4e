// Support module for the fixtures: a telemetry wrapper imported by a registrar (its body is not
// followed, since it is not in the file under migration).
import type { CallToolResult } from '@modelcontextprotocol/server';

export function withTelemetry(name: string, cb: (args: Record<string, unknown>) => Promise<CallToolResult>) {
  return async (args: Record<string, unknown>): Promise<CallToolResult> => {
    const started = Date.now();
    const result = await cb(args);
    console.debug(name, Date.now() - started);
    return result;
  };
}
