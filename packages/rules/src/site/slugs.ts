/**
 * Slug rules of SPEC §2. slugify supplies the transliteration table (é → e, ß → ss, Ø → o); the rules
 * themselves are applied here so they read exactly as the spec writes them.
 */
import slugify from "slugify";

export const NOT_A_STRING_MESSAGE = "The provided value must be a string.";

/** Root slugs of the generated detail pages (SPEC §2). */
export const ROOT_SLUGS = { services: "services", team: "team", locations: "locations" } as const;

const NON_ASCII_LETTER = /[^\u0000-\u007f]/u;
const LETTER = /\p{L}/u;
const DISALLOWED = /[^\p{L}\p{Nd}\-/\s]/gu;

function transliterate(value: string): string {
  let out = "";
  for (const ch of value) {
    if (!NON_ASCII_LETTER.test(ch) || !LETTER.test(ch)) {
      out += ch;
      continue;
    }
    // slugify maps one letter at a time; letters it has no mapping for (e.g. 美) stay as they are.
    const mapped = slugify(ch, { lower: false, strict: false, trim: false, replacement: " " });
    out += mapped === "" ? ch : mapped;
  }
  return out;
}

/**
 * SPEC §2: lower-cased and trimmed; characters other than letters, digits, hyphen, slash and spaces
 * removed; spaces become hyphens. Accented letters are transliterated first (José Núñez → jose-nunez),
 * and a run of whitespace becomes one hyphen, so "Cut & Colour" is "cut-colour", not "cut--colour".
 * Trimming happens after removal so "Nails ✨" does not end with a hyphen.
 */
export function toSlug(value: unknown): string {
  if (typeof value !== "string") throw new TypeError(NOT_A_STRING_MESSAGE);
  return transliterate(value.normalize("NFC"))
    .toLowerCase()
    .replace(DISALLOWED, "")
    .trim()
    .replace(/\s+/g, "-");
}

/**
 * Slugs for a list of names, in list order: the first of equal slugs keeps the plain slug, later ones
 * get -2, -3, … by position. When a name's own slug is already taken (a "Color 2" after two "Color"s)
 * it is suffixed the same way ("color-2-2"), so every non-empty result is unique. Empty slugs stay
 * empty: the caller decides what an empty slug means.
 */
export function uniqueSlugs(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const slug = toSlug(name);
    if (slug === "") return slug;
    let candidate = slug;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${slug}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

export type LocationSlugInput = { name?: string | null; city: string; street: string };

/** The words a location's slug is made from: its name, else its city, else city plus street when several share the city. */
export function locationSlugSource(location: LocationSlugInput, all: readonly LocationSlugInput[]): string {
  if (location.name && toSlug(location.name) !== "") return location.name;
  const city = toSlug(location.city);
  const sharing = all.filter((other) => toSlug(other.city) === city).length;
  return sharing > 1 ? `${location.city} ${location.street}` : location.city;
}
