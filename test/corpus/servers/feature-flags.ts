// Feature-flag server on the team's tool kit: tools ask the user and the model through the
// request-scoped askUser()/askModel() (lib/request-scope.ts) instead of threading the context.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';
import { askModel, askUser, useRequestScope } from './lib/request-scope.js';

interface FlagEnvironment {
  on: boolean;
  lastModified: number;
}

interface Flag {
  key: string;
  name: string;
  temporary: boolean;
  environments: Record<string, FlagEnvironment>;
}

const flagship = new ApiClient({ baseUrl: 'https://app.flagship.example/api/v2/', token: process.env.FLAGSHIP_API_TOKEN });
const log = createLogger('feature-flags');
const PROTECTED_ENVIRONMENTS = new Set(['production', 'prod-eu']);

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Flipping a flag in a protected environment needs the flag key typed back; elsewhere it just happens. */
async function confirmProtectedChange(flag: Flag, environment: string, on: boolean): Promise<boolean> {
  if (!PROTECTED_ENVIRONMENTS.has(environment)) return true;
  const answer = await askUser({
    message: `Turn ${flag.name} ${on ? 'ON' : 'OFF'} in ${environment}?`,
    requestedSchema: {
      type: 'object',
      properties: { confirm: { type: 'string', title: `Type ${flag.key} to confirm` } },
      required: ['confirm'],
    },
  });
  return answer.action === 'accept' && answer.content?.confirm === flag.key;
}

export const server = new McpServer({ name: 'feature-flags', version: '2.8.1' });
useRequestScope(server);

server.registerTool(
  'toggle_flag',
  {
    description: 'Turn a feature flag on or off in one environment',
    inputSchema: z.object({ key: z.string(), environment: z.string(), on: z.boolean() }),
  },
  async ({ key, environment, on }) => {
    try {
      const flag = await flagship.get<Flag>(`flags/default/${key}`);
      const current = flag.environments[environment];
      if (!current) return { isError: true, ...text(`${key} has no environment "${environment}"`) };
      if (current.on === on) return text(`${key} is already ${on ? 'on' : 'off'} in ${environment}`);
      if (!(await confirmProtectedChange(flag, environment, on))) return text(`${key} left as it was`);
      await flagship.patch(`flags/default/${key}`, [{ op: 'replace', path: `/environments/${environment}/on`, value: on }]);
      log.info('flag toggled', { key, environment, on });
      return text(`${key} is now ${on ? 'on' : 'off'} in ${environment}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { isError: true, ...text(`No flag named ${key}`) };
      log.error('toggle failed', { key, environment, error: errorMessage(error) });
      return { isError: true, ...text(`Could not toggle ${key}: ${errorMessage(error)}`) };
    }
  },
);

server.registerTool(
  'explain_rollout',
  { description: 'Explain where a flag is on and since when', inputSchema: z.object({ key: z.string() }) },
  async ({ key }) => {
    const flag = await flagship.get<Flag>(`flags/default/${key}`);
    const states = Object.entries(flag.environments).map(
      ([env, state]) => `${env}: ${state.on ? 'on' : 'off'} since ${new Date(state.lastModified).toISOString().slice(0, 10)}`,
    );
    if (!server.server.getClientCapabilities()?.sampling) return text(states.join('\n'));
    const result = await askModel({
      systemPrompt: 'You explain feature-flag rollouts to product managers in two or three sentences.',
      messages: [{ role: 'user', content: { type: 'text', text: `Flag "${flag.name}":\n${states.join('\n')}` } }],
      maxTokens: 300,
    });
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    return text(block?.type === 'text' ? block.text : states.join('\n'));
  },
);

server.registerTool(
  'create_flag',
  {
    description: 'Create a temporary release flag (off everywhere)',
    inputSchema: z.object({ key: z.string().regex(/^[a-z0-9-]+$/), name: z.string() }),
  },
  async ({ key, name }) => {
    const flag = await flagship.post<Flag>('flags/default', { key, name, temporary: true });
    log.info('flag created', { key });
    // The clean-up reminder is drafted in the background so creating the flag stays fast.
    setTimeout(() => {
      askModel({
        messages: [{ role: 'user', content: { type: 'text', text: `Write a one-line reminder to remove the release flag "${name}" once it is fully rolled out.` } }],
        maxTokens: 60,
      })
        .then((reminder) => log.info('clean-up reminder drafted', { key, reminder: reminder.content }))
        .catch((error) => log.warn('no clean-up reminder', { key, error: errorMessage(error) }));
    }, 0);
    return text(`Created ${flag.key} (off in ${Object.keys(flag.environments).length} environments)`);
  },
);
