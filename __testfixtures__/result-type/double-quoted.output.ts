import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const server = new McpServer({ name: "fixture", version: "1.0.0" });

server.registerTool("greet", { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
  return { resultType: "complete", content: [{ type: "text", text: "Hello, " + name }] };
});
