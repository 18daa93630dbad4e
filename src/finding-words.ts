// Words shared by a finding and the code that recognises it later (a leaf: it imports nothing).

/** Words of the finding on a helper kept beside its companions (site-findings.ts): true only of the migrated text. */
export const LIFTED_SO_FAR = 'whose question was lifted into the handlers migrated so far';
