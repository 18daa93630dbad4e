// v1 registrations (`x.tool(…)`, `x.prompt(…)`, `x.resource(…)`) in a module that imports nothing of
// the SDK: a registrar handed the server (`export function registerX(server) { server.tool(…) }`).
// The upgrade rewrites a registration only where it can prove the receiver is the SDK's McpServer
// (receivers.ts), which such a module cannot show: its receiver has no type (plain JavaScript, or
// a parameter typed by nothing the SDK declares). v2's McpServer has no `tool`, `prompt` or
// `resource`, so once the package moves to v2 the call would throw when the server starts. Said
// only if the package moves (`breaksUpgraded`): it then stays on v1, with an error at each call.
import { findHandlers } from '../../analysis/handlers.js';
import type { SourceFile } from '../../ts-morph.js';
import type { FindingInput } from '../../types.js';
import { SDK_UPGRADE_RULE } from '../sdk-upgrade.js';
import { LEGACY, v2RegistrationName } from './registrations.js';


export function unprovenV1Registrations(sourceFile: SourceFile, text: string): FindingInput[] {
  // The upgrade's own modules (those importing the SDK) say what they leave themselves.
  if (text.includes('@modelcontextprotocol/')) return [];
  const findings: FindingInput[] = [];
  const seen = new Set<object>();
  for (const handler of findHandlers(sourceFile)) {
    if (!LEGACY.has(handler.form) || seen.has(handler.registration.compilerNode)) continue;
    seen.add(handler.registration.compilerNode);
    const callee = handler.registration.getExpression().getText();
    const receiver = callee.slice(0, callee.lastIndexOf('.'));
    findings.push({
      rule: SDK_UPGRADE_RULE,
      severity: 'error',
      pos: handler.registration.getStart(),
      breaksUpgraded: true,
      message:
        `${callee}(${handler.name !== undefined ? `'${handler.name}'` : ''}, …) registers the v1 way, and v2's McpServer has no ${handler.form}(): ` +
        `this module imports nothing of the SDK, so the upgrade cannot tell that ${receiver} is the SDK's McpServer (it has no type here; told by the call's name and shape only) and does not rewrite it. ` +
        `Moved to v2 with the rest of its package, the call would throw when the server starts, so the package stays on v1`,
      suggestion: `Rewrite it as ${receiver}.${v2RegistrationName(handler.form)}(name, { description, inputSchema }, handler), or type ${receiver} as the SDK's McpServer (an import the upgrade then follows), and run the migration again.`,
    });
  }
  return findings;
}
