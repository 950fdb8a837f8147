/**
 * The built site's precompressed copies: `app-3f9c.js` is stored with `app-3f9c.js.gz` and `app-3f9c.js.br`
 * beside it, compressed once at build time harder than a server can afford per request. The build writes
 * them (the core theme's src/node/precompress.ts) and the API service's static handler sends them; both read
 * this one list, so the server never takes a copy the build did not make for an encoding of a file.
 */

/** Text that compresses; images, fonts and source maps (never fetched by visitors) are left as they are. */
export const PRECOMPRESSED_EXTENSIONS: readonly string[] = [".js", ".css", ".html", ".json", ".svg", ".webmanifest", ".txt", ".xml"];

/** Content-Encoding → the suffix of its copy, the names @fastify/static looks for with `preCompressed`. */
export const PRECOMPRESSED_SUFFIXES = { gzip: ".gz", br: ".br" } as const;

export type PrecompressedEncoding = keyof typeof PRECOMPRESSED_SUFFIXES;

/** Whether a built file gets precompressed copies (judged by its name: `app.js` yes, `app.js.map` no). */
export function isPrecompressible(name: string): boolean {
  const lower = name.toLowerCase();
  return PRECOMPRESSED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * The file a precompressed copy stands for (`app.js.br` → `app.js`), or null when the name is not one
 * (`photo.jpg`, `app.js`, `archive.tar.gz`: a `.gz` of a file we never compress is a file of its own).
 */
export function precompressedSource(name: string): string | null {
  for (const suffix of Object.values(PRECOMPRESSED_SUFFIXES)) {
    if (!name.endsWith(suffix)) continue;
    const source = name.slice(0, -suffix.length);
    return isPrecompressible(source) ? source : null;
  }
  return null;
}
