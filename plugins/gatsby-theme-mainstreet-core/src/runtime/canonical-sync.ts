import { withCurrentHash } from "@mainstreet/rules/site/canonical";

/**
 * The page head renders the canonical link without a hash (the Head API only sees the path); SPEC §2
 * keeps the hash. Whenever the head or the hash changes, the hash is re-applied.
 */
export function syncCanonical(): void {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) return;
  const current = link.getAttribute("href") ?? "";
  const wanted = withCurrentHash(current, window.location.hash);
  if (current !== wanted) link.setAttribute("href", wanted);
}

export function installCanonicalSync(): () => void {
  const observer = new MutationObserver(syncCanonical);
  observer.observe(document.head, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
  window.addEventListener("hashchange", syncCanonical);
  syncCanonical();
  return () => {
    observer.disconnect();
    window.removeEventListener("hashchange", syncCanonical);
  };
}
