// fontverter ships no types; the one call the font publishing makes.
declare module "fontverter" {
  type FontFormat = "truetype" | "sfnt" | "woff" | "woff2";
  export function convert(font: Buffer | Uint8Array, toFormat: FontFormat, fromFormat?: FontFormat): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
