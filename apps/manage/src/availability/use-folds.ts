import { useCallback, useState } from "react";

/**
 * Which groups of a long list are unfolded, remembered in this browser per business (a menu of 60 items
 * in 8 categories is one screen folded, four thousand pixels open). Everything starts folded.
 */
export function useFolds(key: string): { isOpen(group: string): boolean; toggle(group: string): void } {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => read(key));
  const toggle = useCallback(
    (group: string) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(group)) next.add(group);
        write(key, next);
        return next;
      }),
    [key],
  );
  return { isOpen: (group) => open.has(group), toggle };
}

function read(key: string): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : []);
  } catch {
    return new Set();
  }
}

function write(key: string, open: ReadonlySet<string>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify([...open]));
  } catch {
    // Private mode: the folds last as long as the page.
  }
}
