// A module whose handling of a completion notifier the migration cannot see from the handler's file.
const waiting = new Map<string, () => Promise<void>>();

export function trackLogin(loginId: string, notify: () => Promise<void>): void {
  waiting.set(loginId, notify);
}

export async function finishLogin(loginId: string): Promise<void> {
  await waiting.get(loginId)?.();
  waiting.delete(loginId);
}
