import type { Location } from "@mainstreet/rules/business/schema";
import { formatCents } from "@mainstreet/rules/orders/money";

/** How the service words money and places in replies and mail, in one place for every area. */

/** A location as messages name it: its name, else its street and city. */
export function locationLabel(location: Location): string {
  return location.name ?? `${location.street}, ${location.city}`;
}

/** Amounts as the business's site writes them: its locale, the currency's minor digits. */
export function moneyIn(locale: string | undefined): (cents: number, currency: string) => string {
  return (cents, currency) => formatCents(cents, { currency, locale, alwaysShowCents: true });
}
