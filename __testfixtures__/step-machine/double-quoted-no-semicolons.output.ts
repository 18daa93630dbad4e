import { McpServer, inputRequired, type ElicitRequestFormParams } from "@modelcontextprotocol/server"
import { z } from "zod"
import { mrtrState, elicitAnswer } from "./mrtr-state.js"

const server = new McpServer({ name: "weather", version: "1.0.0" }, { requestState: { verify: mrtrState.verify } })

async function forecast(city: string): Promise<string> {
  return `Sunny in ${city}`
}

type WeatherState = { step: "unit"; report: string }
server.registerTool(
  "weather",
  { description: "Weather for a city", inputSchema: z.object({ city: z.string() }) },
  async ({ city }, ctx) => {
    let state = await mrtrState.resume<WeatherState>(ctx, "weather", { city })
    if (state === undefined) {
      const report = await forecast(city)
      state = { step: "unit", report }
    }
    const { report } = state
    const unitRequest: ElicitRequestFormParams = {
      message: "Celsius or Fahrenheit?",
      requestedSchema: { type: "object", properties: { unit: { type: "string", enum: ["C", "F"] } }, required: ["unit"] },
    }
    const unit = elicitAnswer(ctx, "unit", unitRequest)
    if (unit === undefined) {
      return inputRequired({
        inputRequests: {
          unit: inputRequired.elicit(unitRequest),
        },
        requestState: await mrtrState.mint(ctx, "weather", { city }, state),
      })
    }
    const chosen = unit.action === "accept" ? String(unit.content?.unit) : "C"
    return { content: [{ type: "text", text: `${report} (°${chosen})` }] }
  },
)
