// Build step after tsc: strips the types of the state module template once, for each protection,
// and keeps the JavaScript modules beside the compiled state-module.js, so that a run writing
// mrtr-state.js does not compile them again (src/state/state-module.ts falls back when this file is
// missing or was made from another template).
import { writeFileSync } from 'node:fs';

const { PRERENDERED_JAVASCRIPT, renderJavaScriptModules } = await import(new URL('../dist/src/state/state-module.js', import.meta.url).href);
writeFileSync(PRERENDERED_JAVASCRIPT, JSON.stringify(renderJavaScriptModules()) + '\n');
