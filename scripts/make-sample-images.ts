/**
 * Draws the sample businesses' images (logos, heroes, dishes, products, portraits) as SVG and renders
 * them with sharp, so nothing is downloaded and every picture is ours to commit. Deterministic: each
 * image is seeded by its file name, so re-running rewrites byte-identical files.
 *
 *   npx tsx scripts/make-sample-images.ts          # all three samples
 *   npx tsx scripts/make-sample-images.ts salon    # one sample
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

type Palette = { background: [string, string]; ink: string; accent: string; soft: string; light: string };
type Motif = "logo" | "room" | "strands" | "portrait" | "plate" | "glass" | "product" | "shop";
type ImageSpec = { file: string; motif: Motif; palette: Palette; width: number; height: number; text?: string; variant?: string };

const MAX_BYTES = 80 * 1024;

const SALON: Palette = { background: ["#f7e3dc", "#e9b8c2"], ink: "#2f1b2d", accent: "#b4235a", soft: "#f4a259", light: "#fff6f0" };
const SALON_COOL: Palette = { background: ["#e3ece6", "#a9c5b5"], ink: "#213a33", accent: "#3f7d63", soft: "#d9a273", light: "#f6f3ea" };
const OSTERIA: Palette = { background: ["#f3e6cf", "#d9a066"], ink: "#3a2414", accent: "#a8321f", soft: "#6f8f3a", light: "#fffaf0" };
const OSTERIA_NIGHT: Palette = { background: ["#2b2a33", "#5b3b2e"], ink: "#f3e6cf", accent: "#d9643a", soft: "#e8b04a", light: "#fff3df" };
const STORE: Palette = { background: ["#e9efe6", "#c7d3c0"], ink: "#2c3a2e", accent: "#c2703d", soft: "#8aa27d", light: "#fbf8f1" };

/** Small deterministic PRNG (mulberry32) seeded from the file name. */
function random(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed ^ ch.charCodeAt(0), 2654435761) >>> 0) + 1;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function backdrop(spec: ImageSpec, id: string): string {
  const [from, to] = spec.palette.background;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="${id}-glow" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${spec.width}" height="${spec.height}" fill="url(#${id})"/><rect width="${spec.width}" height="${spec.height}" fill="url(#${id}-glow)"/>`;
}

function logo(spec: ImageSpec): string {
  const { height: h, palette: p } = spec;
  const r = h * 0.3;
  const rays = Array.from({ length: 12 }, (_, i) => {
    const angle = (Math.PI * 2 * i) / 12;
    const x1 = h * 0.5 + Math.cos(angle) * r * 1.25;
    const y1 = h * 0.5 + Math.sin(angle) * r * 1.25;
    const x2 = h * 0.5 + Math.cos(angle) * r * 1.55;
    const y2 = h * 0.5 + Math.sin(angle) * r * 1.55;
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${p.soft}" stroke-width="${(h * 0.035).toFixed(1)}" stroke-linecap="round"/>`;
  }).join("");
  return `<circle cx="${h * 0.5}" cy="${h * 0.5}" r="${r}" fill="${p.accent}"/>${rays}
  <path d="M ${h * 0.2} ${h * 0.62} q ${h * 0.15} -${h * 0.12} ${h * 0.3} 0 t ${h * 0.3} 0" stroke="${p.light}" stroke-width="${h * 0.04}" fill="none" stroke-linecap="round"/>
  <text x="${h * 1.02}" y="${h * 0.64}" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${h * 0.42}" fill="${p.ink}">${escapeXml(spec.text ?? "")}</text>`;
}

function room(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const floor = `<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="${p.ink}" opacity="0.18"/>`;
  const count = 3 + Math.floor(rnd() * 2);
  const units = Array.from({ length: count }, (_, i) => {
    const cx = (w / (count + 1)) * (i + 1);
    const mw = w * 0.12;
    const top = h * 0.16;
    const mirror = `<path d="M ${cx - mw / 2} ${h * 0.55} V ${top + mw / 2} A ${mw / 2} ${mw / 2} 0 0 1 ${cx + mw / 2} ${top + mw / 2} V ${h * 0.55} Z" fill="${p.light}" stroke="${p.soft}" stroke-width="${w * 0.006}"/>`;
    const chair = spec.variant === "tables"
      ? `<ellipse cx="${cx}" cy="${h * 0.74}" rx="${w * 0.09}" ry="${h * 0.035}" fill="${p.light}"/><rect x="${cx - w * 0.006}" y="${h * 0.74}" width="${w * 0.012}" height="${h * 0.16}" fill="${p.ink}"/>
         <circle cx="${cx - w * 0.03}" cy="${h * 0.715}" r="${w * 0.012}" fill="${p.accent}"/><circle cx="${cx + w * 0.035}" cy="${h * 0.72}" r="${w * 0.009}" fill="${p.soft}"/>`
      : `<rect x="${cx - w * 0.05}" y="${h * 0.6}" width="${w * 0.1}" height="${h * 0.12}" rx="${w * 0.02}" fill="${p.accent}"/>
         <rect x="${cx - w * 0.045}" y="${h * 0.5}" width="${w * 0.09}" height="${h * 0.12}" rx="${w * 0.02}" fill="${p.accent}" opacity="0.85"/>
         <rect x="${cx - w * 0.006}" y="${h * 0.72}" width="${w * 0.012}" height="${h * 0.12}" fill="${p.ink}"/>
         <ellipse cx="${cx}" cy="${h * 0.85}" rx="${w * 0.045}" ry="${h * 0.015}" fill="${p.ink}"/>`;
    return mirror + chair;
  }).join("");
  const lamps = Array.from({ length: count }, (_, i) => {
    const cx = (w / (count + 1)) * (i + 0.5) + w / (count + 1) / 2;
    return `<line x1="${cx}" y1="0" x2="${cx}" y2="${h * 0.08}" stroke="${p.ink}" stroke-width="2"/><circle cx="${cx}" cy="${h * 0.1}" r="${w * 0.015}" fill="${p.soft}"/>`;
  }).join("");
  const plant = `<ellipse cx="${w * 0.94}" cy="${h * 0.55}" rx="${w * 0.04}" ry="${h * 0.15}" fill="#4f7d4a"/><rect x="${w * 0.92}" y="${h * 0.62}" width="${w * 0.04}" height="${h * 0.1}" fill="${p.soft}"/>`;
  return floor + lamps + units + plant;
}

function strands(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const colours = [p.accent, p.soft, p.ink, p.light];
  const lines = Array.from({ length: 26 }, (_, i) => {
    const x0 = w * (0.15 + rnd() * 0.7);
    const amp = w * (0.04 + rnd() * 0.08);
    const colour = colours[i % colours.length];
    const width = w * (0.01 + rnd() * 0.025);
    return `<path d="M ${x0.toFixed(0)} ${-h * 0.05} C ${(x0 + amp).toFixed(0)} ${h * 0.3} ${(x0 - amp).toFixed(0)} ${h * 0.6} ${(x0 + amp * 0.6).toFixed(0)} ${h * 1.05}" stroke="${colour}" stroke-width="${width.toFixed(1)}" fill="none" stroke-linecap="round" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`;
  }).join("");
  const shine = `<ellipse cx="${w * 0.5}" cy="${h * 0.35}" rx="${w * 0.28}" ry="${h * 0.06}" fill="#ffffff" opacity="0.18"/>`;
  return lines + shine;
}

function portrait(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const skin = ["#8d5a3b", "#c68a62", "#e3b594", "#f1cfb3", "#6b4129"][Math.floor(rnd() * 5)];
  const hair = ["#1f1410", "#4a2c1a", "#8a5a2b", "#c9a36b", "#2b2b2b"][Math.floor(rnd() * 5)];
  const style = spec.variant ?? "short";
  const cx = w / 2;
  const head = h * 0.36;
  const r = w * 0.16;
  const hairShape =
    style === "long"
      ? `<path d="M ${cx - r * 1.25} ${head} Q ${cx - r * 1.4} ${h * 0.72} ${cx - r * 0.9} ${h * 0.78} L ${cx + r * 0.9} ${h * 0.78} Q ${cx + r * 1.4} ${h * 0.72} ${cx + r * 1.25} ${head} A ${r * 1.25} ${r * 1.3} 0 0 0 ${cx - r * 1.25} ${head} Z" fill="${hair}"/>`
      : style === "curls"
        ? Array.from({ length: 14 }, (_, i) => {
            const angle = Math.PI + (Math.PI * i) / 13;
            return `<circle cx="${(cx + Math.cos(angle) * r * 1.05).toFixed(1)}" cy="${(head + Math.sin(angle) * r * 1.05).toFixed(1)}" r="${(r * 0.38).toFixed(1)}" fill="${hair}"/>`;
          }).join("")
        : style === "bun"
          ? `<circle cx="${cx}" cy="${head - r * 1.15}" r="${r * 0.5}" fill="${hair}"/><path d="M ${cx - r * 1.08} ${head} A ${r * 1.08} ${r * 1.1} 0 0 1 ${cx + r * 1.08} ${head} Z" fill="${hair}"/>`
          : `<path d="M ${cx - r * 1.08} ${head + r * 0.1} A ${r * 1.08} ${r * 1.15} 0 0 1 ${cx + r * 1.08} ${head + r * 0.1} Q ${cx} ${head - r * 0.55} ${cx - r * 1.08} ${head + r * 0.1} Z" fill="${hair}"/>`;
  return `<path d="M ${cx - w * 0.36} ${h} Q ${cx - w * 0.34} ${h * 0.62} ${cx} ${h * 0.6} Q ${cx + w * 0.34} ${h * 0.62} ${cx + w * 0.36} ${h} Z" fill="${p.accent}"/>
  <rect x="${cx - r * 0.35}" y="${head + r * 0.7}" width="${r * 0.7}" height="${r * 0.8}" fill="${skin}"/>
  ${style === "long" ? hairShape : ""}
  <ellipse cx="${cx}" cy="${head + r * 0.1}" rx="${r * 0.92}" ry="${r * 1.08}" fill="${skin}"/>
  ${style === "long" ? `<path d="M ${cx - r * 0.95} ${head - r * 0.1} A ${r} ${r * 1.05} 0 0 1 ${cx + r * 0.95} ${head - r * 0.1} Q ${cx} ${head - r * 0.5} ${cx - r * 0.95} ${head - r * 0.1} Z" fill="${hair}"/>` : hairShape}
  <path d="M ${cx - r * 0.35} ${head + r * 0.55} Q ${cx} ${head + r * 0.75} ${cx + r * 0.35} ${head + r * 0.55}" stroke="${p.ink}" stroke-width="${r * 0.06}" fill="none" stroke-linecap="round" opacity="0.6"/>
  <circle cx="${cx - r * 0.35}" cy="${head + r * 0.08}" r="${r * 0.07}" fill="${p.ink}"/><circle cx="${cx + r * 0.35}" cy="${head + r * 0.08}" r="${r * 0.07}" fill="${p.ink}"/>`;
}

function plate(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const cx = w * 0.5;
  const cy = h * 0.52;
  const r = Math.min(w, h) * 0.38;
  const variant = spec.variant ?? "pasta";
  const food =
    variant === "pizza"
      ? `<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#e8b04a"/><circle cx="${cx}" cy="${cy}" r="${r * 0.68}" fill="#c0392b"/>` +
        Array.from({ length: 7 }, () => `<circle cx="${(cx + (rnd() - 0.5) * r).toFixed(0)}" cy="${(cy + (rnd() - 0.5) * r).toFixed(0)}" r="${(r * 0.12).toFixed(0)}" fill="#fff8e7"/>`).join("") +
        Array.from({ length: 6 }, () => `<ellipse cx="${(cx + (rnd() - 0.5) * r).toFixed(0)}" cy="${(cy + (rnd() - 0.5) * r).toFixed(0)}" rx="${(r * 0.06).toFixed(0)}" ry="${(r * 0.03).toFixed(0)}" fill="#3f7d3a"/>`).join("")
      : variant === "dessert"
        ? `<rect x="${cx - r * 0.45}" y="${cy - r * 0.3}" width="${r * 0.9}" height="${r * 0.6}" rx="${r * 0.05}" fill="#f3e1c7"/><rect x="${cx - r * 0.45}" y="${cy - r * 0.3}" width="${r * 0.9}" height="${r * 0.14}" fill="#5a3520"/><rect x="${cx - r * 0.45}" y="${cy}" width="${r * 0.9}" height="${r * 0.08}" fill="#8a5a2b"/>`
        : variant === "salad"
          ? Array.from({ length: 16 }, () => `<ellipse cx="${(cx + (rnd() - 0.5) * r * 1.1).toFixed(0)}" cy="${(cy + (rnd() - 0.5) * r * 1.1).toFixed(0)}" rx="${(r * 0.16).toFixed(0)}" ry="${(r * 0.08).toFixed(0)}" transform="rotate(${Math.floor(rnd() * 180)} ${cx} ${cy})" fill="${rnd() > 0.5 ? "#6f8f3a" : "#9bbf5a"}"/>`).join("") +
            `<circle cx="${cx}" cy="${cy}" r="${r * 0.25}" fill="#fffaf0"/><circle cx="${cx + r * 0.3}" cy="${cy - r * 0.2}" r="${r * 0.09}" fill="#c0392b"/><circle cx="${cx - r * 0.3}" cy="${cy + r * 0.25}" r="${r * 0.09}" fill="#c0392b"/>`
          : Array.from({ length: 18 }, (_, i) => `<circle cx="${cx}" cy="${cy}" r="${(r * (0.15 + i * 0.035)).toFixed(1)}" fill="none" stroke="${i % 2 ? "#e8c37a" : "#f1d38f"}" stroke-width="${(r * 0.05).toFixed(1)}" stroke-dasharray="${(r * (0.3 + rnd() * 0.4)).toFixed(0)} ${(r * 0.1).toFixed(0)}" opacity="0.95"/>`).join("") +
            (variant === "ragu"
              ? `<circle cx="${cx}" cy="${cy}" r="${r * 0.38}" fill="#8a2a1a" opacity="0.9"/><circle cx="${cx - r * 0.12}" cy="${cy - r * 0.08}" r="${r * 0.12}" fill="#a8432a"/><circle cx="${cx + r * 0.15}" cy="${cy + r * 0.1}" r="${r * 0.1}" fill="#6d1f12"/><circle cx="${cx + r * 0.05}" cy="${cy - r * 0.2}" r="${r * 0.07}" fill="#f6f1e3"/>`
              : `<circle cx="${cx + r * 0.1}" cy="${cy - r * 0.1}" r="${r * 0.08}" fill="#f6f1e3"/>`);
  return `<ellipse cx="${cx + r * 0.05}" cy="${cy + r * 0.08}" rx="${r * 1.05}" ry="${r * 1.02}" fill="${p.ink}" opacity="0.25"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.light}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.85}" fill="none" stroke="${p.soft}" stroke-width="${r * 0.02}" opacity="0.6"/>${food}
  <rect x="${w * 0.86}" y="${h * 0.15}" width="${w * 0.025}" height="${h * 0.7}" rx="${w * 0.01}" fill="#b8b8b8"/>`;
}

function glass(spec: ImageSpec): string {
  const { width: w, height: h, palette: p } = spec;
  const cx = w / 2;
  return `<path d="M ${cx - w * 0.15} ${h * 0.3} L ${cx + w * 0.15} ${h * 0.3} L ${cx + w * 0.12} ${h * 0.75} Q ${cx} ${h * 0.8} ${cx - w * 0.12} ${h * 0.75} Z" fill="${p.light}" opacity="0.35" stroke="${p.light}" stroke-width="4"/>
  <path d="M ${cx - w * 0.135} ${h * 0.42} L ${cx + w * 0.135} ${h * 0.42} L ${cx + w * 0.12} ${h * 0.74} Q ${cx} ${h * 0.78} ${cx - w * 0.12} ${h * 0.74} Z" fill="${p.accent}" opacity="0.9"/>
  <circle cx="${cx + w * 0.11}" cy="${h * 0.32}" r="${w * 0.05}" fill="${p.soft}"/><rect x="${cx - w * 0.06}" y="${h * 0.47}" width="${w * 0.07}" height="${w * 0.07}" fill="#ffffff" opacity="0.5" transform="rotate(20 ${cx} ${h * 0.5})"/>`;
}

function product(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const cx = w / 2;
  const base = h * 0.8;
  const variant = spec.variant ?? "candle";
  const shadow = `<ellipse cx="${cx}" cy="${base}" rx="${w * 0.24}" ry="${h * 0.03}" fill="${p.ink}" opacity="0.22"/>`;
  const shelf = `<rect y="${base}" width="${w}" height="${h - base}" fill="${p.ink}" opacity="0.08"/>`;
  const body =
    variant === "candle"
      ? `<rect x="${cx - w * 0.14}" y="${h * 0.42}" width="${w * 0.28}" height="${base - h * 0.42}" rx="${w * 0.02}" fill="${p.light}" stroke="${p.ink}" stroke-opacity="0.2" stroke-width="3"/>
         <rect x="${cx - w * 0.1}" y="${h * 0.55}" width="${w * 0.2}" height="${h * 0.1}" fill="${p.accent}"/><line x1="${cx}" y1="${h * 0.42}" x2="${cx}" y2="${h * 0.37}" stroke="${p.ink}" stroke-width="4"/>
         <path d="M ${cx} ${h * 0.25} Q ${cx + w * 0.03} ${h * 0.32} ${cx} ${h * 0.36} Q ${cx - w * 0.03} ${h * 0.32} ${cx} ${h * 0.25} Z" fill="${p.soft}"/>`
      : variant === "mug"
        ? `<rect x="${cx - w * 0.15}" y="${h * 0.45}" width="${w * 0.3}" height="${base - h * 0.45}" rx="${w * 0.04}" fill="${p.accent}"/>
           <path d="M ${cx + w * 0.15} ${h * 0.52} q ${w * 0.1} 0 ${w * 0.1} ${h * 0.08} q 0 ${h * 0.08} -${w * 0.1} ${h * 0.08}" stroke="${p.accent}" stroke-width="${w * 0.03}" fill="none"/>
           <rect x="${cx - w * 0.15}" y="${h * 0.45}" width="${w * 0.3}" height="${h * 0.04}" fill="${p.light}" opacity="0.6"/>`
        : variant === "vase"
          ? `<path d="M ${cx - w * 0.05} ${h * 0.25} L ${cx + w * 0.05} ${h * 0.25} Q ${cx + w * 0.04} ${h * 0.38} ${cx + w * 0.16} ${h * 0.55} Q ${cx + w * 0.2} ${h * 0.72} ${cx + w * 0.1} ${base} L ${cx - w * 0.1} ${base} Q ${cx - w * 0.2} ${h * 0.72} ${cx - w * 0.16} ${h * 0.55} Q ${cx - w * 0.04} ${h * 0.38} ${cx - w * 0.05} ${h * 0.25} Z" fill="${p.soft}"/>
             <path d="M ${cx - w * 0.15} ${h * 0.6} Q ${cx} ${h * 0.65} ${cx + w * 0.15} ${h * 0.6}" stroke="${p.light}" stroke-width="6" fill="none"/>`
          : variant === "tin"
            ? `<rect x="${cx - w * 0.13}" y="${h * 0.4}" width="${w * 0.26}" height="${base - h * 0.4}" rx="${w * 0.015}" fill="${p.soft}"/><rect x="${cx - w * 0.135}" y="${h * 0.37}" width="${w * 0.27}" height="${h * 0.06}" rx="${w * 0.01}" fill="${p.ink}"/>
               <circle cx="${cx}" cy="${h * 0.6}" r="${w * 0.07}" fill="${p.light}"/><path d="M ${cx - w * 0.04} ${h * 0.6} q ${w * 0.04} -${h * 0.06} ${w * 0.08} 0" stroke="${p.soft}" stroke-width="5" fill="none"/>`
            : variant === "box"
              ? `<rect x="${cx - w * 0.22}" y="${h * 0.45}" width="${w * 0.44}" height="${base - h * 0.45}" fill="${p.accent}"/><rect x="${cx - w * 0.24}" y="${h * 0.4}" width="${w * 0.48}" height="${h * 0.08}" fill="${p.accent}" opacity="0.85"/>
                 <rect x="${cx - w * 0.02}" y="${h * 0.4}" width="${w * 0.04}" height="${base - h * 0.4}" fill="${p.light}"/><path d="M ${cx} ${h * 0.4} q -${w * 0.1} -${h * 0.12} -${w * 0.12} -${h * 0.02} q ${w * 0.04} ${h * 0.04} ${w * 0.12} ${h * 0.02} q ${w * 0.1} -${h * 0.12} ${w * 0.12} -${h * 0.02} q -${w * 0.04} ${h * 0.04} -${w * 0.12} ${h * 0.02}" fill="${p.light}"/>`
              : `<ellipse cx="${cx}" cy="${h * 0.68}" rx="${w * 0.24}" ry="${h * 0.1}" fill="${p.soft}"/><ellipse cx="${cx}" cy="${h * 0.64}" rx="${w * 0.24}" ry="${h * 0.07}" fill="${p.light}"/><ellipse cx="${cx}" cy="${h * 0.64}" rx="${w * 0.18}" ry="${h * 0.045}" fill="${p.accent}" opacity="${(0.5 + rnd() * 0.3).toFixed(2)}"/>`;
  return shelf + shadow + body;
}

function shop(spec: ImageSpec, rnd: () => number): string {
  const { width: w, height: h, palette: p } = spec;
  const shelves = [0.3, 0.5, 0.7].map((y) => `<rect x="${w * 0.08}" y="${h * y}" width="${w * 0.84}" height="${h * 0.015}" fill="${p.ink}" opacity="0.5"/>`).join("");
  const goods = [0.3, 0.5, 0.7]
    .flatMap((y) =>
      Array.from({ length: 9 }, (_, i) => {
        const gw = w * (0.03 + rnd() * 0.04);
        const gh = h * (0.06 + rnd() * 0.08);
        const x = w * 0.1 + i * w * 0.09;
        const colour = [p.accent, p.soft, p.light, p.ink][Math.floor(rnd() * 4)];
        return `<rect x="${x.toFixed(0)}" y="${(h * y - gh).toFixed(0)}" width="${gw.toFixed(0)}" height="${gh.toFixed(0)}" rx="4" fill="${colour}"/>`;
      }),
    )
    .join("");
  return `<rect x="${w * 0.05}" y="${h * 0.1}" width="${w * 0.9}" height="${h * 0.75}" fill="${p.light}" opacity="0.35"/>${shelves}${goods}<rect y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="${p.ink}" opacity="0.2"/>`;
}

function render(spec: ImageSpec): string {
  const rnd = random(spec.file);
  const body =
    spec.motif === "logo" ? logo(spec)
    : spec.motif === "room" ? room(spec, rnd)
    : spec.motif === "strands" ? strands(spec, rnd)
    : spec.motif === "portrait" ? portrait(spec, rnd)
    : spec.motif === "plate" ? plate(spec, rnd)
    : spec.motif === "glass" ? glass(spec)
    : spec.motif === "product" ? product(spec, rnd)
    : shop(spec, rnd);
  const background = spec.motif === "logo" ? "" : backdrop(spec, "bg");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">${background}${body}</svg>`;
}

const wide = { width: 1600, height: 900 };
const card = { width: 1200, height: 900 };
const tall = { width: 800, height: 1000 };
const logoSize = { width: 720, height: 240 };

const SAMPLE_IMAGES: Record<string, ImageSpec[]> = {
  salon: [
    { file: "images/logo.png", motif: "logo", palette: SALON, ...logoSize, text: "Luma" },
    { file: "images/hero.jpg", motif: "room", palette: SALON, ...wide },
    { file: "images/gallery-balayage.jpg", motif: "strands", palette: { ...SALON, accent: "#c9853f", soft: "#f1c27d", ink: "#5a3520" }, ...card },
    { file: "images/gallery-bob.jpg", motif: "strands", palette: { ...SALON, accent: "#2b1a12", soft: "#5a3520", ink: "#120b08" }, ...card },
    { file: "images/gallery-updo.jpg", motif: "strands", palette: { ...SALON_COOL, accent: "#8a5a2b", soft: "#ffffff" }, ...card },
    { file: "images/gallery-studio.jpg", motif: "room", palette: SALON_COOL, ...card },
    { file: "images/item-womens-cut.jpg", motif: "strands", palette: SALON, ...card },
    { file: "images/item-mens-cut.jpg", motif: "portrait", palette: SALON_COOL, ...card, variant: "short" },
    { file: "images/item-balayage.jpg", motif: "strands", palette: { ...SALON, accent: "#d9a066", soft: "#f6d7a7", ink: "#6b4129" }, ...card },
    { file: "images/item-blowout.jpg", motif: "strands", palette: { ...SALON_COOL, accent: "#2b1a12", ink: "#4a2c1a" }, ...card },
    { file: "images/item-bridal-trial.jpg", motif: "portrait", palette: SALON, ...card, variant: "bun" },
    { file: "images/item-facial.jpg", motif: "room", palette: SALON_COOL, ...card },
    { file: "images/team-maya.jpg", motif: "portrait", palette: SALON, ...tall, variant: "curls" },
    { file: "images/team-jose.jpg", motif: "portrait", palette: SALON_COOL, ...tall, variant: "short" },
    { file: "images/team-priya.jpg", motif: "portrait", palette: SALON, ...tall, variant: "bun" },
    { file: "images/team-lena.jpg", motif: "portrait", palette: SALON_COOL, ...tall, variant: "long" },
    { file: "images/blog-balayage-aftercare.jpg", motif: "strands", palette: { ...SALON, accent: "#c9853f", soft: "#f6d7a7", ink: "#6b4129" }, ...wide },
    { file: "images/blog-bridal-timeline.jpg", motif: "portrait", palette: { ...SALON, accent: "#f6f1e3" }, ...wide, variant: "bun" },
    { file: "images/blog-winter-scalp-care.jpg", motif: "room", palette: SALON_COOL, ...wide },
  ],
  restaurant: [
    { file: "images/logo.png", motif: "logo", palette: OSTERIA, ...logoSize, text: "Vela" },
    { file: "images/hero.jpg", motif: "room", palette: OSTERIA_NIGHT, ...wide, variant: "tables" },
    { file: "images/dining-room.jpg", motif: "room", palette: OSTERIA, ...card, variant: "tables" },
    { file: "images/dish-margherita.jpg", motif: "plate", palette: OSTERIA, ...card, variant: "pizza" },
    { file: "images/dish-cacio-e-pepe.jpg", motif: "plate", palette: OSTERIA, ...card, variant: "pasta" },
    { file: "images/dish-ragu.jpg", motif: "plate", palette: OSTERIA_NIGHT, ...card, variant: "ragu" },
    { file: "images/dish-insalata.jpg", motif: "plate", palette: OSTERIA, ...card, variant: "salad" },
    { file: "images/dish-tiramisu.jpg", motif: "plate", palette: OSTERIA_NIGHT, ...card, variant: "dessert" },
    { file: "images/drink-negroni.jpg", motif: "glass", palette: OSTERIA_NIGHT, ...card },
    { file: "images/team-chiara.jpg", motif: "portrait", palette: OSTERIA, ...tall, variant: "long" },
    { file: "images/team-dev.jpg", motif: "portrait", palette: OSTERIA_NIGHT, ...tall, variant: "short" },
  ],
  merchant: [
    { file: "images/logo.png", motif: "logo", palette: STORE, width: 1060, height: 240, text: "Fern & Flint" },
    { file: "images/hero.jpg", motif: "shop", palette: STORE, ...wide },
    { file: "images/product-candle-cedar.jpg", motif: "product", palette: STORE, ...card, variant: "candle" },
    { file: "images/product-candle-fig.jpg", motif: "product", palette: { ...STORE, accent: "#7a3b5e" }, ...card, variant: "candle" },
    { file: "images/product-mug.jpg", motif: "product", palette: STORE, ...card, variant: "mug" },
    { file: "images/product-bud-vase.jpg", motif: "product", palette: STORE, ...card, variant: "vase" },
    { file: "images/product-serving-bowl.jpg", motif: "product", palette: STORE, ...card, variant: "bowl" },
    { file: "images/product-tea-tin.jpg", motif: "product", palette: STORE, ...card, variant: "tin" },
    { file: "images/product-gift-box.jpg", motif: "product", palette: STORE, ...card, variant: "box" },
    { file: "images/team-rosa.jpg", motif: "portrait", palette: STORE, ...tall, variant: "long" },
  ],
};

async function write(dir: string, spec: ImageSpec): Promise<number> {
  const target = path.join(dir, spec.file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(render(spec)));
  // Quality steps down until the file fits the per-image budget; smooth artwork rarely needs a second try.
  for (const quality of [78, 70, 62, 54]) {
    const buffer = spec.file.endsWith(".png")
      ? await image.clone().png({ compressionLevel: 9, palette: true, quality }).toBuffer()
      : await image.clone().jpeg({ quality, mozjpeg: true, chromaSubsampling: "4:2:0" }).toBuffer();
    if (buffer.length <= MAX_BYTES || quality === 54) {
      fs.writeFileSync(target, buffer);
      return buffer.length;
    }
  }
  return 0;
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..", "data");
  const only = process.argv.slice(2);
  let total = 0;
  for (const [slug, specs] of Object.entries(SAMPLE_IMAGES)) {
    if (only.length > 0 && !only.includes(slug)) continue;
    for (const spec of specs) {
      const bytes = await write(path.join(root, slug), spec);
      total += bytes;
      process.stdout.write(`data/${slug}/${spec.file}  ${(bytes / 1024).toFixed(1)} KB${bytes > MAX_BYTES ? "  (over budget)" : ""}\n`);
    }
  }
  process.stdout.write(`total ${(total / 1024).toFixed(0)} KB\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
