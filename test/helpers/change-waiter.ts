import { WAIT_DEADLINE_MS } from './wait';

/**
 * The waiting half of a local far end: the far end calls `changed()` at every event it sees (a
 * request, a message, a close), and `waitFor` resolves once the test's predicate holds, checked at
 * each of those events, so tests wait for what happens and never for an amount of time.
 */
export class ChangeWaiter {
  private readonly waiters = new Set<() => void>();

  /** `who` names the far end in the timeout's message. */
  constructor(private readonly who: string) {}

  async waitFor(predicate: () => boolean, what: string): Promise<void> {
    if (predicate()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${this.who}: timed out waiting for ${what}`));
      }, WAIT_DEADLINE_MS);
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  changed(): void {
    for (const w of [...this.waiters]) w();
  }
}
