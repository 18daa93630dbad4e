// Types shared by the tool modules (no SDK import: a tool only answers with text).

/** What a tool module exports; the registry registers each with the server. */
export interface ToolModule {
  name: string;
  description: string;
  shape: Record<string, any>;
  callback(args: any, extra: any): Promise<string>;
}
