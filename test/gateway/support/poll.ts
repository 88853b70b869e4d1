import { setTimeout as delay } from "node:timers/promises";

/**
 * Waits for another process (a redis-server, a gateway replica, a store's connection to them) to reach a state that
 * no event of this process reports: asks `check` every `everyMs` until it holds, at most `attempts` times. On the
 * real clock because the other side runs on it; nothing here races a timer of the code under test. A state never
 * reached fails the test with `what`. The bound only stops a hang: two busy cores may take seconds to get there.
 */
export async function pollUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { everyMs = 10, attempts = 6000 } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await delay(everyMs);
  }
  throw new Error(`never happened: ${what}`);
}
