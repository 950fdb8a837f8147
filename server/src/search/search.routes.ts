import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, forbidden, parseInput, unauthorized } from "../http/errors";
import { header } from "../http/request";
import { AutocompleteQuery, DomainQuery, PlaceDetailsQuery } from "./search.schema";
import type { SearchService } from "./search.service";

export const SEARCH_API_KEY_HEADER = "x-api-key";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** SPEC §6: search calls carry a static public API key (it identifies the site, it is not a secret). */
function checkApiKey(request: FastifyRequest, expected: string | undefined): void {
  if (!expected) throw new ApiError(403, "Search is not enabled on this service: the operator has not set SEARCH_API_KEY");
  const given = header(request, SEARCH_API_KEY_HEADER);
  if (!given) throw unauthorized(`The ${SEARCH_API_KEY_HEADER} header is missing: search calls need the site's public API key`);
  if (!timingSafeEqual(digest(given), digest(expected))) throw forbidden(`The ${SEARCH_API_KEY_HEADER} header does not hold this service's search API key`);
}

export function searchRoutes(service: SearchService, apiKey: string | undefined) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook("onRequest", async (request) => checkApiKey(request, apiKey));

    app.get("/domains/search/details/", async (request) => {
      const query = parseInput(DomainQuery, request.query, "query");
      return service.domainDetails(query.domain);
    });

    app.get("/businesses/search/autocomplete/", async (request) => {
      return service.autocomplete(parseInput(AutocompleteQuery, request.query, "query"));
    });

    app.get("/businesses/search/place/details/", async (request) => {
      return service.placeDetails(parseInput(PlaceDetailsQuery, request.query, "query"));
    });
  };
}
