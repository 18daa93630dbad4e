// The module receiver-typed-imports.input.ts imports its objects from (not a fixture case itself).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export class Logger {
  readonly lines: string[] = [];
  tool(name: string, describe: () => Promise<string>): void {
    void describe().then((text) => this.lines.push(`${name}: ${text}`));
  }
}

export const mcpLogger = new Logger();
export const app = new McpServer({ name: 'typed', version: '1.0.0' });
