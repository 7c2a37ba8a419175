/**
 * A quiet moment on the main thread, for work nobody waits for (the picking BVHs after a load):
 * `quietMs` of idle periods in a row (requestIdleCallback, each with most of its 50 ms left, one
 * right after the other: no task or frame came between), or `maxWaitMs` at the latest. A page
 * starting beside the engine (its modules, its first render, its requests) leaves no such gap
 * until it is done, so that work no longer lands in the middle of the page's start.
 */
export function quietMoment(quietMs = 150, maxWaitMs = 4000): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    if (typeof requestIdleCallback !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    let since: number | null = null;
    let lastEnd = 0;
    const check = (deadline: IdleDeadline) => {
      const now = performance.now();
      const left = deadline.timeRemaining();
      if (deadline.didTimeout || now - started >= maxWaitMs) return resolve();
      // An idle period with most of its time left, starting where the last one ended.
      const quiet = left >= 40 && (since === null || now - lastEnd < 10);
      if (!quiet) since = null;
      else since ??= now;
      lastEnd = now + left;
      if (since !== null && now + left - since >= quietMs) return resolve();
      requestIdleCallback(check, { timeout: Math.max(1, maxWaitMs - (now - started)) });
    };
    requestIdleCallback(check, { timeout: maxWaitMs });
  });
}
