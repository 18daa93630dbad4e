// Transform `serve-2026`: a migrated handler only meets 2026-07-28 clients when the server is
// served by `serveStdio(factory)` or `createMcpHandler(factory)`; `server.connect(transport)`
// keeps speaking the 2025 revision. Rewrites stdio serving to serveStdio, and puts a
// createMcpHandler front for 2026-07-28 requests before recognisable Streamable HTTP wiring
// (express, hono, fastify, node:http, web-standard `fetch`), which stays and keeps serving 2025
// clients; reports what it cannot rewrite, plus the leftovers of the session-based protocol
// (server pings, roots/list_changed and logging/setLevel handlers, oninitialized roots
// requests). Runs after the step machine.
import '../src/jscodeshift-unhook.js'; // first: before anything loads ts-morph
import { toJscodeshift } from '../src/jscodeshift.js';
import { v1Surface } from '../src/analysis/push-sites.js';
import { importEdits, newImportPlan } from '../src/serving/common.js';
import { rewriteHttp } from '../src/serving/http.js';
import { leftoverFindings } from '../src/serving/leftovers.js';
import { rewriteStdio } from '../src/serving/stdio.js';
import { detectStyle } from '../src/ast/text-style.js';
import type { FindingInput, TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

export const order = 30;

/** Cheap text test: nothing to do in a file that mentions none of these. */
const PREFILTER = /\.connect\s*\(|StreamableHTTPServerTransport|SSEServerTransport|\bping\b|roots\/list_changed|RootsListChanged|setLevel|SetLevelRequest|oninitialized/;

export const transform: Transform = {
  id: 'serve-2026',
  title: 'Serve the 2026-07-28 wire with serveStdio / createMcpHandler',
  description:
    'Rewrites server.connect(new StdioServerTransport()) to serveStdio(factory) and routes 2026-07-28 requests of Streamable HTTP ' +
    'routes to createMcpHandler(factory) in front of their 2025 wiring (isLegacyRequest), which keeps serving 2025 clients; reports the rest.',
  run,
};

export default toJscodeshift(transform);

function run(ctx: TransformContext): TransformResult {
  const { sourceFile, text } = ctx;
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  if (!PREFILTER.test(text)) return { edits, findings };
  const style = detectStyle(text);
  // Its server or transport from the v1 SDK (a leftover v1 utility import does not stop the serving).
  const v1 = v1Surface(sourceFile).server;
  const imports = newImportPlan();
  rewriteStdio(sourceFile, text, style, v1, imports, edits, findings);
  rewriteHttp(sourceFile, text, style, v1, imports, edits, findings, ctx.markedAt);
  findings.push(...leftoverFindings(sourceFile));
  if (edits.length > 0) edits.push(...importEdits(sourceFile, text, imports, style));
  return { edits, findings };
}
