import { formatAddress } from "@mainstreet/rules/orders/address";
import { cleanDomainLabel } from "@mainstreet/rules/forms/validation";
import type { Catalog } from "../catalog/catalog";
import { ApiError, badRequest, notFound, unprocessable } from "../http/errors";
import { LocationIndex, words } from "./location-index";
import type { AutocompleteQuery, PlaceDetailsQuery } from "./search.schema";

/**
 * Search calls answered from data that is really there. Domain details: the SPEC §5 label cleanup and
 * a live DNS lookup. Address autocomplete and place details: the addresses of the businesses this
 * service knows (their locations), or, when GEOCODER_URL is set, a geocoder that speaks this same API.
 */

/** The part of `dns.promises.Resolver` used here; tests pass a fake so they never touch the network. */
export interface DnsResolver {
  resolveNs(hostname: string): Promise<string[]>;
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
}

export interface SearchDeps {
  catalog: Catalog;
  dns: DnsResolver;
  geocoderUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const NOT_FOUND_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "EUNKNOWN";
}

/** `ms_<base64url(businessId \u0000 locationId)>`: opaque to clients, reversible here. */
export function placeIdOf(businessId: string, locationId: string): string {
  return `ms_${Buffer.from(`${businessId}\u0000${locationId}`).toString("base64url")}`;
}

function parsePlaceId(placeId: string): { businessId: string; locationId: string } | undefined {
  if (!placeId.startsWith("ms_")) return undefined;
  const decoded = Buffer.from(placeId.slice(3), "base64url").toString("utf8");
  const [businessId, locationId, extra] = decoded.split("\u0000");
  return businessId && locationId && extra === undefined ? { businessId, locationId } : undefined;
}

/** Autocomplete answers at most this many places, as the geocoder API it stands in for. */
const PREDICTIONS = 5;

export class SearchService {
  private readonly locations: LocationIndex;

  constructor(private readonly deps: SearchDeps) {
    this.locations = new LocationIndex(deps.catalog);
  }

  async domainDetails(query: string) {
    const raw = query.trim().toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/[/?#].*$/, "");
    const parts = raw.split(".").filter(Boolean);
    let labelSource = raw;
    let tld = "com";
    if (parts.length >= 2) {
      tld = parts[parts.length - 1];
      labelSource = parts[parts.length - 2];
      if (!/^[a-z]{2,63}$/.test(tld)) throw badRequest(`query.domain: expected a top-level domain of letters like "com", got "${tld}"`);
    }
    const label = cleanDomainLabel(labelSource);
    if (!label) throw unprocessable(`query.domain: "${query}" has no letters or digits to make a domain name from`);
    const domain = `${label}.${tld}`;
    const records: { ns: string[]; a: string[]; aaaa: string[] } = { ns: [], a: [], aaaa: [] };
    let resolves: boolean | null = false;
    let dnsError: string | null = null;
    const lookups: [keyof typeof records, (host: string) => Promise<string[]>][] = [
      ["ns", (host) => this.deps.dns.resolveNs(host)],
      ["a", (host) => this.deps.dns.resolve4(host)],
      ["aaaa", (host) => this.deps.dns.resolve6(host)],
    ];
    for (const [kind, lookup] of lookups) {
      try {
        records[kind] = await lookup(domain);
      } catch (error) {
        const code = errorCode(error);
        if (!NOT_FOUND_CODES.has(code)) {
          dnsError = `DNS lookup failed (${code})`;
          resolves = null;
          break;
        }
      }
    }
    if (resolves !== null) resolves = records.ns.length + records.a.length + records.aaaa.length > 0;
    return {
      query,
      label,
      domain,
      resolves,
      records,
      error: dnsError,
      checked_at: (this.deps.now?.() ?? new Date()).toISOString(),
      // Honest about what DNS can tell: a resolving name is taken; a silent one is only probably free.
      note:
        resolves === true
          ? "The name resolves in DNS, so it is registered."
          : resolves === false
            ? "The name does not resolve in DNS; it may be available, but only a registrar can confirm."
            : "DNS could not be queried; availability is unknown.",
    };
  }

  private async upstream(path: string, params: Record<string, string>): Promise<unknown> {
    const base = this.deps.geocoderUrl as string;
    const url = new URL(path, base.endsWith("/") ? base : `${base}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await (this.deps.fetch ?? fetch)(url, { signal: AbortSignal.timeout(5000), headers: { accept: "application/json" } });
    } catch (error) {
      throw new ApiError(424, "The address service could not be reached; type the address in full instead.", error instanceof Error ? error.message : String(error));
    }
    if (response.status === 404) throw notFound("The address service does not know this place");
    if (!response.ok) throw new ApiError(424, `The address service answered HTTP ${response.status}; type the address in full instead.`);
    try {
      return await response.json();
    } catch {
      throw new ApiError(424, "The address service sent something that is not JSON; type the address in full instead.");
    }
  }

  async autocomplete(query: AutocompleteQuery) {
    if (this.deps.geocoderUrl) return this.upstream("autocomplete/", { input: query.input, session_token: query.session_token, types: query.types });
    const predictions = this.locations
      .search(words(query.input), query.types === "address" ? "address" : "address-and-names", PREDICTIONS)
      .map(({ entry, location }) => {
        const secondary = [location.city, [location.state, location.zip].filter(Boolean).join(" "), location.country].filter(Boolean).join(", ");
        const main = query.types === "address" ? location.street : `${entry.business.name}${location.name ? ` – ${location.name}` : ""}`;
        return {
          place_id: placeIdOf(entry.business.id, location.id),
          description: `${main}, ${secondary}`,
          structured_formatting: { main_text: main, secondary_text: secondary },
          types: query.types === "address" ? ["street_address"] : ["establishment"],
        };
      });
    return { predictions, source: "known_locations" };
  }

  async placeDetails(query: PlaceDetailsQuery) {
    if (this.deps.geocoderUrl) return this.upstream("place/details/", { place_id: query.place_id, session_token: query.session_token });
    const parsed = parsePlaceId(query.place_id);
    const entry = parsed ? this.deps.catalog.get(parsed.businessId) : undefined;
    const location = parsed ? entry?.locations.get(parsed.locationId) : undefined;
    if (!entry || !location) throw notFound(`query.place_id: no known place "${query.place_id.slice(0, 80)}"`);
    return {
      result: {
        place_id: query.place_id,
        name: location.name ?? entry.business.name,
        formatted_address: `${formatAddress(location)}, ${location.country}`,
        address_components: {
          street_address: location.street,
          locality: location.city,
          administrative_area_level_1: location.state,
          postal_code: location.zip,
          country: location.country,
        },
        geometry:
          location.latitude !== undefined && location.longitude !== undefined ? { location: { lat: location.latitude, lng: location.longitude } } : null,
      },
      source: "known_locations",
    };
  }
}
