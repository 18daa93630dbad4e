// Whether a method of the v1 surface is called (or read) on the SDK's object: first what the file's
// own code proves (src/analysis/sdk-receivers.ts: constructed from an SDK class, a field or
// parameter of an SDK type, a subclass, a factory of this file), then, for what it leaves open,
// the TypeScript checker with the project's own dependencies (src/analysis/typed-members.ts), where they are
// installed. A receiver neither settles is `unknown`: the caller decides what a name may still
// say (registrations.ts, with a finding that says so).
import { ts } from '../../ts-morph.js';
import { ownMember, receiverOrigin } from '../../analysis/sdk-receivers.js';
import { sdkTypesResolve, TypedMembers } from '../../analysis/typed-members.js';

export type Verdict =
  /** `by`: the file's own code, or the checker. */
  | { kind: 'sdk'; className: string; by: 'code' | 'type' }
  /** A subclass of the SDK class declares the method itself (`at`, in this file) or elsewhere (`where`). */
  | { kind: 'override'; className: string; subclass: string; at?: ts.Node; where?: string }
  | { kind: 'other'; what: string }
  | { kind: 'unknown'; why: string };

/** The v1 methods only McpServer has (v2's McpServer does not). */
export const MCP_SERVER_ONLY: ReadonlySet<string> = new Set(['tool', 'prompt', 'resource']);

export class Receivers {
  private typed: TypedMembers | undefined;
  private readonly verdicts = new Map<ts.Node, Verdict>();
  /** Whether the project's dependencies type the SDK for this file. */
  readonly typesAvailable: boolean;

  constructor(private readonly file: ts.SourceFile, private readonly text: string, v1Specifier: string | undefined) {
    this.typesAvailable = v1Specifier !== undefined && sdkTypesResolve(file.fileName, v1Specifier);
  }

  /**
   * Whom `access` (`x.tool`, `x['tool']`) calls or reads `method` of. `typed: false` asks the file's
   * code alone (for names only the SDK uses, where only a proof of the contrary matters).
   */
  verdict(access: ts.PropertyAccessExpression | ts.ElementAccessExpression, method: string, { typed = true } = {}): Verdict {
    let verdict = this.verdicts.get(access);
    if (!verdict || (typed && verdict.kind === 'unknown' && !this.typedAsked.has(access))) {
      verdict = this.decide(access, method, typed);
      this.verdicts.set(access, verdict);
      if (typed) this.typedAsked.add(access);
    }
    return verdict;
  }

  private readonly typedAsked = new Set<ts.Node>();

  private decide(access: ts.PropertyAccessExpression | ts.ElementAccessExpression, method: string, typed: boolean): Verdict {
    const origin = receiverOrigin(access.expression);
    if (origin.kind === 'sdk') {
      const own = ownMember(origin, method);
      if (own && origin.subclass) return { kind: 'override', className: origin.className, subclass: origin.subclass.name?.text ?? 'a class', at: own };
      return this.ofClass(origin.className, method, 'code');
    }
    if (origin.kind === 'other') return { kind: 'other', what: origin.what };
    if (!typed) return { kind: 'unknown', why: origin.why };
    if (!this.typesAvailable) return { kind: 'unknown', why: `${origin.why}; no @modelcontextprotocol/sdk types are installed for this file` };
    this.typed ??= new TypedMembers(this.file.fileName, this.text);
    const owner = this.typed.owner(access);
    switch (owner.kind) {
      case 'sdk':
        return this.ofClass(owner.className, method, 'type');
      case 'override':
        return { kind: 'override', className: owner.className, subclass: owner.subclass, where: owner.where };
      case 'other':
        return { kind: 'other', what: `an object whose ${method} is declared in ${owner.where}` };
      default:
        return { kind: 'unknown', why: `${origin.why}; ${owner.why ?? "the type checker, with this project's dependencies, does not know its type either"}` };
    }
  }

  /**
   * What a schema value of a registration is by its type, where the project's dependencies type
   * the file (see src/analysis/typed-members.ts): for a value the file's own code does not show.
   */
  schemaKind(expr: ts.Expression): 'schema' | 'shape' | 'unknown' {
    if (!this.typesAvailable) return 'unknown';
    this.typed ??= new TypedMembers(this.file.fileName, this.text);
    return this.typed.schemaKind(expr);
  }

  private ofClass(className: string, method: string, by: 'code' | 'type'): Verdict {
    if (MCP_SERVER_ONLY.has(method) && className !== 'McpServer') return { kind: 'other', what: `a ${className} of the SDK, which has no ${method}()` };
    return { kind: 'sdk', className, by };
  }

  dispose(): void {
    this.typed?.dispose();
    this.typed = undefined;
  }
}

/** True when one of the name's camelCase / snake_case words is `mcp`, `server` or `srv` (the official codemod's test, and its short form). */
export function nameHasMcpServerWord(name: string): boolean {
  return name.split(/[^a-zA-Z0-9]+|(?=[A-Z])/).filter(Boolean).some((word) => /^(mcp|server|srv)$/i.test(word));
}

/** The receiver's own name (`server`, `this.mcpServer` → mcpServer), when it is a name. */
export function receiverName(receiver: ts.Expression): string | undefined {
  let e = receiver;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}
