/**
 * Maps links (SPEC §2, §7): a search URL that opens the maps service in a new tab, and the embed URL of
 * the map embed, both built from the business name and address.
 */
import { type AddressInput, formatAddress } from "../orders/address";

export const MAPS_SEARCH_BASE = "https://www.google.com/maps/search/";
export const MAPS_EMBED_BASE = "https://www.google.com/maps/embed/v1/place";

export type MapsQueryInput = AddressInput & { name?: string | null };

/** `Glow Salon, 12 Main St, Springfield, IL 62701`, or null when neither name nor address is known. */
export function mapsQuery(input: MapsQueryInput): string | null {
  const address = formatAddress(input);
  const name = (input.name ?? "").trim();
  const query = [name, address].filter(Boolean).join(", ");
  // A name alone would find a business of the same name anywhere; only search with an address.
  return address ? query : null;
}

/** A maps search link, or null without an address. */
export function mapsSearchUrl(input: MapsQueryInput): string | null {
  const query = mapsQuery(input);
  if (!query) return null;
  const url = new URL(MAPS_SEARCH_BASE);
  url.searchParams.set("api", "1");
  url.searchParams.set("query", query);
  return url.toString();
}

/** The embed iframe's src, or null without an address or a public key. */
export function mapsEmbedUrl(input: MapsQueryInput, apiKey: string | null | undefined): string | null {
  const query = mapsQuery(input);
  const key = (apiKey ?? "").trim();
  if (!query || !key) return null;
  const url = new URL(MAPS_EMBED_BASE);
  url.searchParams.set("key", key);
  url.searchParams.set("q", query);
  return url.toString();
}
