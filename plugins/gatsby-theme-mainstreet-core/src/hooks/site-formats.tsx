import React, { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from "@mainstreet/rules/business/constants";

/** How the site writes money, dates and times: the business's locale and currency. */
export interface SiteFormats {
  /** BCP 47 tag, e.g. "en-US", "ja-JP". */
  locale: string;
  /** ISO 4217 code of every catalogue price, e.g. "USD", "JPY". */
  currency: string;
}

const SiteFormatsContext = createContext<SiteFormats>({ locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY });

/** The layout hands the business's locale and currency to every price, date and time below it. */
export function SiteFormatsProvider({ locale, currency, children }: SiteFormats & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, currency }), [locale, currency]);
  return <SiteFormatsContext.Provider value={value}>{children}</SiteFormatsContext.Provider>;
}

/**
 * The site's locale and currency, for passing to the rules that format (formatCents, formatMinuteOfDay,
 * the hours rows). Outside a layout (a component rendered alone in a test) it is en-US and USD.
 */
export function useSiteFormats(): SiteFormats {
  return useContext(SiteFormatsContext);
}
