// A carried value is stored in the state under its own name (`{ step: 'confirm', plan }`, restored
// with `const { plan } = state`), except a local named like a field the state has for itself: a
// local `step` would overwrite the discriminant, so it travels as `stepValue` (`{ step: 'go',
// stepValue: step }`, restored with `const { stepValue: step } = state`).
import { uniqueName } from '../../ast/naming.js';

const RESERVED = ['step'];

/** The state field of each carried name that cannot be its own (the others are their own). */
export function stateFields(carried: Iterable<string>): Map<string, string> {
  const taken = new Set(carried);
  const fields = new Map<string, string>();
  for (const name of RESERVED) if (taken.has(name)) fields.set(name, uniqueName(`${name}Value`, taken, ''));
  return fields;
}

/** `plan`, or `stepValue: step`: the entry of a carried name in a state literal and in a destructuring of the state. */
export function stateEntry(name: string, fields: ReadonlyMap<string, string> | undefined): string {
  const field = fields?.get(name);
  return field ? `${field}: ${name}` : name;
}
