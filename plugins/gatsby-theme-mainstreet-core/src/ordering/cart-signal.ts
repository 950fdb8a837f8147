import { siteStorageKey } from "@mainstreet/rules/site/storage";

/**
 * The deferred parts' signal (hydration/deferred.tsx) for "the cart changed": the header's cart button
 * shows the count, and the header's code waits for the visitor otherwise.
 */
export const CART_SIGNAL = "cart";

/**
 * Whether this browser keeps a cart for the site (any location's, expired or not): enough to load the
 * header's cart button at once, which then reads the cart properly. Plain storage keys, so it costs the
 * first load nothing of the ordering code.
 */
export function hasStoredCart(siteId: string, storage: Pick<Storage, "length" | "key"> | null = typeof window === "undefined" ? null : safeLocalStorage()): boolean {
  if (!storage) return false;
  const prefix = siteStorageKey(siteId, "cart:");
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(prefix)) return true;
  }
  return false;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (privacy settings): there is no cart to show either.
    return null;
  }
}
