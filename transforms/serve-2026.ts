// Transform `serve-2026`: a migrated handler only meets 2026-07-28 clients when the server is
// served by `serveStdio(factory)` or `createMcpHandler(factory)`; `server.connect(transport)`
// keeps speaking the 2025 revision. Rewrites stdio serving and recognisable Streamable HTTP
// setups (express, hono, fastify, node:http, web-standard `fetch`) to those entries with a
// per-connection / per-request factory, and reports what it cannot rewrite, plus the leftovers
// of the session-based protocol (server pings, roots/list_changed and logging/setLevel handlers,
// oninitialized roots requests). Runs after the step machine.
import '../src/jscodeshift-unhook.js'; // first: before anything loads ts-morph
import { toJscodeshift } from '../src/jscodeshift.js';
import { importEdits, isV1Specifier, newImportPlan } from '../src/serving/common.js';
import { rewriteHttp } from '../src/serving/http.js';
import { leftoverFindings } from '../src/serving/leftovers.js';
import { rewriteStdio } from '../src/serving/stdio.js';
import { detectStyle } from '../src/text-style.js';
import type { FindingInput, TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

export const order = 30;

/** Cheap text test: nothing to do in a file that mentions none of these. */
const PREFILTER = /\.connect\s*\(|StreamableHTTPServerTransport|SSEServerTransport|\bping\b|roots\/list_changed|RootsListChanged|setLevel|SetLevelRequest|oninitialized/;

export const transform: Transform = {
  id: 'serve-2026',
  title: 'Serve the 2026-07-28 wire with serveStdio / createMcpHandler',
  description:
    'Rewrites server.connect(new StdioServerTransport()) to serveStdio(factory) and Streamable HTTP transport wiring ' +
    '(session maps, Mcp-Session-Id plumbing, GET/DELETE session routes) to createMcpHandler(factory); reports the rest.',
  run,
};

export default toJscodeshift(transform);

function run(ctx: TransformContext): TransformResult {
  const { sourceFile, text } = ctx;
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  if (!PREFILTER.test(text)) return { edits, findings };
  const style = detectStyle(text);
  const v1 = sourceFile.getImportDeclarations().some((d) => isV1Specifier(d.getModuleSpecifierValue()));
  const imports = newImportPlan();
  rewriteStdio(sourceFile, text, style, v1, imports, edits, findings);
  rewriteHttp(sourceFile, text, style, v1, imports, edits, findings);
  findings.push(...leftoverFindings(sourceFile));
  if (edits.length > 0) edits.push(...importEdits(sourceFile, text, imports, style));
  return { edits, findings };
}
