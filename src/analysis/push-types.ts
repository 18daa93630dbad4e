// Whose push method a call reaches, by the checker: `x.createMessage(…)` is a push site when the
// checker resolves `createMessage` to the SDK's promise-returning declaration however `x` is
// reached (a property, a parameter, a field, an optional chain), and none when it resolves to the
// package's own code (an LLM client's `createMessage`, a ledger's `elicitInput`). Without the SDK's
// types installed, the SDK's members resolve to nothing and the scan decides by the names it knows
// (push-sites.ts); the package's own modules are still told apart.
import type { SourceFile } from '../ts-morph.js';
import { ts } from '../ts-morph.js';
import { TypedMembers, type TypedOwner } from './typed-members.js';

export type PushOwner = 'asks' | 'asks-nobody' | 'unknown';

export class PushTypes {
  /** Made on the first question: most files the scan reads have no push-named call. */
  private typed: TypedMembers | undefined;

  constructor(private readonly sourceFile: SourceFile) {}

  /**
   * Whether `access` (`x.createMessage`) asks the client: `asks` for the SDK's push method,
   * `asks-nobody` for a member of the user's own code (a class, an object or a function of the
   * package, not an interface an SDK object may fit) or an SDK builder that returns a value,
   * `unknown` without types, for `any`, or a framework's wrapper in a dependency (the name decides).
   */
  owner(access: ts.PropertyAccessExpression): PushOwner {
    // Without the SDK's types the checker still sees the package's own modules: a member declared
    // there asks nobody; anything else stays unknown (the SDK's own members resolve to nothing).
    this.typed ??= new TypedMembers(this.sourceFile.getFilePath(), this.sourceFile.getFullText());
    return ownerKind(this.typed.owner(access));
  }

  dispose(): void {
    this.typed?.dispose();
    this.typed = undefined;
  }
}

function ownerKind(owner: TypedOwner): PushOwner {
  switch (owner.kind) {
    // The SDK's builders of embedded requests (`inputRequired.createMessage`) return a value, not a promise: they ask nobody.
    case 'sdk':
      return owner.asks ? 'asks' : 'asks-nobody';
    // The package's own method asks nobody, unless its body asks (a wrapper of the SDK's, such as a
    // framework's session.requestSampling): then the name decides, as for a wrapper in a dependency.
    case 'other':
      return owner.inDependency || owner.asksInBody ? 'unknown' : 'asks-nobody';
    // A subclass's own override is the user's wrapper: its body asks, where it is scanned.
    case 'override':
      return 'asks-nobody';
    default:
      return 'unknown';
  }
}
