import { z } from "zod";

const sessionToken = z.string().regex(/^[0-9a-f]{32}$/, "expected the 32-character hex session_token of the search session");

export const DomainQuery = z.strictObject({
  domain: z.string().trim().min(1, "expected a name or domain to look up").max(253, "expected at most 253 characters"),
});

export const AutocompleteQuery = z.strictObject({
  input: z.string().trim().min(1, "expected some text to complete").max(200, "expected at most 200 characters"),
  session_token: sessionToken,
  types: z.enum(["address", "establishment", "geocode"], { message: 'expected "address", "establishment" or "geocode"' }).default("address"),
});
export type AutocompleteQuery = z.output<typeof AutocompleteQuery>;

export const PlaceDetailsQuery = z.strictObject({
  place_id: z.string().trim().min(1, "expected a place_id from autocomplete").max(300, "expected at most 300 characters"),
  session_token: sessionToken,
});
export type PlaceDetailsQuery = z.output<typeof PlaceDetailsQuery>;
