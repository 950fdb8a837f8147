/**
 * Runs `callback` when the browser has nothing else to do (at the latest after `timeoutMs`): the moment to fetch
 * code a visitor is likely to need next without taking the main thread from what they are doing now.
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}
