import { McpServer } from "@modelcontextprotocol/server"
import { z } from "zod"

const server = new McpServer({ name: "weather", version: "1.0.0" })

async function forecast(city: string): Promise<string> {
  return `Sunny in ${city}`
}

server.registerTool(
  "weather",
  { description: "Weather for a city", inputSchema: z.object({ city: z.string() }) },
  async ({ city }, ctx) => {
    const report = await forecast(city)
    const unit = await ctx.mcpReq.elicitInput({
      message: "Celsius or Fahrenheit?",
      requestedSchema: { type: "object", properties: { unit: { type: "string", enum: ["C", "F"] } }, required: ["unit"] },
    })
    const chosen = unit.action === "accept" ? String(unit.content?.unit) : "C"
    return { content: [{ type: "text", text: `${report} (°${chosen})` }] }
  },
)
