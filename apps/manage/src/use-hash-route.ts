import { useEffect, useMemo, useState } from "react";
import { manageHash, parseManageHash, type ManageRoute } from "@mainstreet/rules/workspace/workspace";

/** The screen the location hash names (`#/orders/recent`), following the back and forward buttons. */
export function useHashRoute(): ManageRoute {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return useMemo(() => parseManageHash(hash), [hash]);
}

export function navigate(route: ManageRoute, options: { replace?: boolean } = {}): void {
  const hash = manageHash(route);
  if (window.location.hash === hash) return;
  if (options.replace) {
    window.history.replaceState(null, "", hash);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  } else {
    window.location.hash = hash;
  }
}
