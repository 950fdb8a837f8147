import fs from "node:fs";
import path from "node:path";

/**
 * Removes the NUL bytes React 18's streaming renderer leaves in Gatsby's HTML.
 *
 * Gatsby 5 writes every page with renderToPipeableStream. React 18.3 (react-dom-server.node,
 * writeStringChunk) encodes into a 2,048-byte view; when a multi-byte character does not fit at its end,
 * it flushes the whole view instead of the bytes written, so the unused tail goes out as 1–3 zero bytes,
 * and encodes the character again at the start of the next view (react#31134, gatsby#38747). Every
 * U+0000 in the output is therefore padding, never text: deleting them gives exactly the page React
 * meant ("9:00am – 1:00pm", "星空"). NUL is also never valid in HTML, so none can be wanted.
 */
export function withoutNulPadding(html: Buffer): Buffer {
  if (html.indexOf(0) === -1) return html;
  const out = Buffer.allocUnsafe(html.length);
  let length = 0;
  for (const byte of html) if (byte !== 0) out[length++] = byte;
  return out.subarray(0, length);
}

export interface HtmlRepair {
  files: number;
  repaired: string[];
  nulBytes: number;
}

/** Every .html file under the build's output directory, NUL padding removed in place. */
export function repairBuiltHtml(publicDir: string): HtmlRepair {
  const result: HtmlRepair = { files: 0, repaired: [], nulBytes: 0 };
  const names = fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" });
  for (const name of names.filter((entry) => entry.endsWith(".html"))) {
    const file = path.join(publicDir, name);
    // A page at /x.html/ is a directory of that name.
    if (!fs.statSync(file).isFile()) continue;
    result.files += 1;
    const html = fs.readFileSync(file);
    const clean = withoutNulPadding(html);
    if (clean === html) continue;
    fs.writeFileSync(file, clean);
    result.repaired.push(name);
    result.nulBytes += html.length - clean.length;
  }
  return result;
}
