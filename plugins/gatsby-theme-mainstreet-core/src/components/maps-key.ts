/**
 * The maps service's public (browser) key, read at build time: Gatsby inlines GATSBY_* variables into the
 * browser bundle. Without one the map embed renders nothing and pages keep their "Get directions" link,
 * and no map or embed code is loaded at all (sections.tsx).
 */
export function mapsEmbedKey(): string | undefined {
  return process.env.GATSBY_MAPS_EMBED_KEY || undefined;
}
