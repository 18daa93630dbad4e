// The consequence where it is dangerous: a question left unmigrated in a function that goes ahead
// without the answer (a `catch` or a capability check that returns a confirmation, roots that fall
// back to the working directory). On 2026-07-28 the request throws or is skipped and the action runs
// without asking, so its findings become errors that say so, and so does every call of that
// function in a handler of this file that reaches it.
import { canReturnInputRequired, describeHandler } from '../../analysis/handlers.js';
import { nameOf, reachOf, enclosingFunction } from '../../analysis/reach.js';
import { consequenceOf, fallbackWithoutAsking } from '../../analysis/unasked-fallback.js';
import type { FindingInput } from '../../types.js';
import type { FileRecognition } from './recognise.js';
import { isKeptHelperFinding } from './site-findings.js';

export function withUnaskedConsequences(findings: FindingInput[], file: FileRecognition): FindingInput[] {
  const out = [...findings];
  for (const site of file.sites) {
    if (file.liftedCalls.has(site.node)) continue;
    const fallback = fallbackWithoutAsking(site);
    if (!fallback) continue;
    const pos = site.node.getStart();
    const left = out.filter((f) => f.pos === pos && f.severity !== 'info');
    // Migrated (no finding on it), or provably never run for a request: nothing goes ahead unasked.
    if (left.length === 0 || left.every((f) => f.rule === 'push-outside-request')) continue;
    // A helper kept beside its companions: the handlers of this run that called it ask through those now.
    if (left.every(isKeptHelperFinding)) continue;
    const reach = site.handler ? undefined : reachOf(site, file.handlers);
    if (reach && reach.handlers.length === 0 && reach.entries.length === 0 && reach.exposed.length === 0 && reach.values.length === 0) continue;
    for (const finding of left) {
      out[out.indexOf(finding)] = {
        ...finding, severity: 'error',
        message: `${finding.message}. Left like this it is dangerous: ${consequenceOf(fallback, site.kind)}`,
      };
    }
    const fn = enclosingFunction(site.node);
    const name = fn && nameOf(fn);
    for (const path of reach?.handlers ?? []) {
      if (path.detached || !canReturnInputRequired(path.handler)) continue;
      const at = path.call.getStart();
      const consequence = `${describeHandler(path.handler)} calls ${name ? `${name}()` : 'a function'}, whose question (${site.api}) is not migrated: ${consequenceOf(fallback, site.kind)}`;
      const existing = out.findIndex((f) => f.pos === at && f.severity !== 'info');
      if (existing >= 0) {
        out[existing] = { ...out[existing], severity: 'error', message: `${out[existing].message}. ${consequence}` };
        continue;
      }
      if (out.some((f) => f.pos === at && f.rule === 'push-in-helper' && f.severity === 'error')) continue;
      out.push({
        rule: 'push-in-helper', severity: 'error', pos: at,
        message: consequence,
        suggestion: `Migrate the question first (see the finding in ${name ? `${name}()` : 'that function'}); until then make the fallback refuse (return false, or no roots) instead of going ahead.`,
      });
    }
  }
  return out;
}

