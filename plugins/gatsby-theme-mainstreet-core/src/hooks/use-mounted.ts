import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once the component has mounted in a browser: the gate
 * for anything that must never be server-rendered (embeds, the map, open status, the announcement).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
