// Weather server as one class: forecasts with model-written summaries and a periodic digest.
import { McpServer, type CreateMessageResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface ForecastPeriod {
  name: string;
  temperature: number;
  temperatureUnit: 'F' | 'C';
  shortForecast: string;
  windSpeed: string;
}

interface Alert {
  id: string;
  event: string;
  severity: 'Minor' | 'Moderate' | 'Severe' | 'Extreme';
  headline: string;
  areaDesc: string;
}

function textOf(result: CreateMessageResult): string {
  return result.content.type === 'text' ? result.content.text : '';
}

export class WeatherServer {
  readonly server = new McpServer({ name: 'weather', version: '1.3.0' }, { capabilities: { logging: {} } });
  private readonly nws = new ApiClient({ baseUrl: 'https://api.weather.gov/', userAgent: 'weather-mcp/1.3 (ops@example.com)' });
  private readonly log = createLogger('weather');
  private readonly watched = new Set<string>();
  private digestTimer?: NodeJS.Timeout;

  constructor() {
    this.server.registerTool(
      'get_forecast',
      {
        description: 'Forecast for a location, summarised for a human when the client supports sampling',
        inputSchema: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
      },
      async ({ latitude, longitude }) => {
        const points = await this.nws.get<{ properties: { forecast: string } }>(`points/${latitude.toFixed(4)},${longitude.toFixed(4)}`);
        const forecast = await this.nws.get<{ properties: { periods: ForecastPeriod[] } }>(points.properties.forecast);
        const periods = forecast.properties.periods.slice(0, 6);
        const table = periods.map((p) => `${p.name}: ${p.temperature}°${p.temperatureUnit}, ${p.shortForecast}, wind ${p.windSpeed}`).join('\n');
        let summary: string;
        if (this.server.server.getClientCapabilities()?.sampling) {
          const result = await this.server.server.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: `Summarise this forecast in two friendly sentences:\n${table}` } }],
            maxTokens: 120,
          });
          summary = textOf(result);
        } else {
          summary = periods[0] ? `${periods[0].name}: ${periods[0].shortForecast}` : 'No forecast available';
        }
        return { content: [{ type: 'text', text: `${summary}\n\n${table}` }] };
      },
    );

    this.server.registerTool(
      'watch_alerts',
      {
        description: 'Watch a US state for weather alerts; a digest is written every hour',
        inputSchema: z.object({ state: z.string().length(2) }),
      },
      async ({ state }) => {
        const code = state.toUpperCase();
        this.watched.add(code);
        this.digestTimer ??= setInterval(() => void this.writeDigest(), 60 * 60_000);
        const alerts = await this.fetchAlerts(code);
        if (alerts.some((a) => a.severity === 'Extreme')) {
          // Explain the extreme alerts once the tool has answered.
          setImmediate(() => {
            void this.server.server
              .createMessage({
                messages: [{ role: 'user', content: { type: 'text', text: `Explain what to do now:\n${alerts.map((a) => a.headline).join('\n')}` } }],
                maxTokens: 300,
              })
              .then((result) => this.server.sendLoggingMessage({ level: 'alert', data: textOf(result) }));
          });
        }
        return { content: [{ type: 'text', text: `Watching ${code}: ${alerts.length} active alerts` }] };
      },
    );
  }

  private async fetchAlerts(state: string): Promise<Alert[]> {
    const body = await this.nws.get<{ features: { properties: Alert }[] }>(`alerts/active/area/${state}`);
    return body.features.map((f) => f.properties);
  }

  private async writeDigest(): Promise<void> {
    try {
      const all = (await Promise.all([...this.watched].map((s) => this.fetchAlerts(s)))).flat();
      if (all.length === 0) return;
      const digest = await this.server.server.createMessage({
        systemPrompt: 'You write hourly weather alert digests for an operations team.',
        messages: [{ role: 'user', content: { type: 'text', text: all.map((a) => `${a.event} (${a.severity}) ${a.areaDesc}`).join('\n') } }],
        maxTokens: 400,
      });
      await this.server.sendLoggingMessage({ level: 'info', logger: 'digest', data: textOf(digest) });
    } catch (error) {
      this.log.warn('digest failed', { error: errorMessage(error) });
    }
  }

  close(): void {
    if (this.digestTimer) clearInterval(this.digestTimer);
  }
}
