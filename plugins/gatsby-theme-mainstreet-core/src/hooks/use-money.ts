import { useCallback } from "react";
import { formatCents } from "@mainstreet/rules/orders/money";
import { useSiteFormats } from "./site-formats";

/**
 * Amounts with their minor digits in the site's locale: `money(1250, "USD")` → "$12.50", `money(1200, "JPY")`
 * → "¥1,200". Apart from site-formats.tsx, which the layout loads on every page, so the formatter comes
 * with the pages that show amounts.
 */
export function useMoney(): (cents: number, currency: string) => string {
  const { locale } = useSiteFormats();
  return useCallback((cents: number, currency: string) => formatCents(cents, { currency, locale, alwaysShowCents: true }), [locale]);
}
