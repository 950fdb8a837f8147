/**
 * Embeds (SPEC §2 Other UI pieces, §4 Embed load strategies): which player a url belongs to, the iframe
 * address to load, and when a strategy lets the iframe into the page. Embeds are never server-rendered:
 * nothing renders until the component has mounted in a browser.
 */
import { safeHref } from "./hrefs";

export const EMBED_SOURCES = ["vimeo", "youtube", "default"] as const;
export type EmbedSource = (typeof EMBED_SOURCES)[number];

export const EMBED_LOAD_STRATEGIES = ["eager", "lazyBrowser", "inViewport", "lazyAfterUserInteraction"] as const;
export type EmbedLoadStrategy = (typeof EMBED_LOAD_STRATEGIES)[number];

export type ResolvedEmbed = {
  source: EmbedSource;
  /** The iframe src, or null when the url cannot be embedded (not https, unknown video id). */
  src: string | null;
  /** The provider's video id for vimeo and youtube. */
  videoId?: string;
};

/** The privacy-enhanced YouTube host: no tracking cookies until the visitor plays the video. */
export const YOUTUBE_EMBED_BASE = "https://www.youtube-nocookie.com/embed/";
export const VIMEO_EMBED_BASE = "https://player.vimeo.com/video/";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d+$/;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = url.pathname.slice(1).split("/")[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    candidate = first === "watch" ? url.searchParams.get("v") : ["embed", "shorts", "live", "v"].includes(first ?? "") ? (second ?? null) : null;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "");
  if (host !== "vimeo.com" && host !== "player.vimeo.com") return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const candidate = host === "player.vimeo.com" ? (parts[0] === "video" ? parts[1] : undefined) : parts.find((part) => VIMEO_ID.test(part));
  return candidate && VIMEO_ID.test(candidate) ? candidate : null;
}

/** Classifies a url and builds its iframe address; any other https page embeds as it is ("default"). */
export function resolveEmbed(url: string | null | undefined): ResolvedEmbed {
  const safe = safeHref(url ?? "");
  const parsed = safe ? parseUrl(safe) : null;
  if (!parsed || parsed.protocol !== "https:") {
    const looksLike = /youtu/i.test(url ?? "") ? "youtube" : /vimeo/i.test(url ?? "") ? "vimeo" : "default";
    return { source: looksLike, src: null };
  }
  const host = parsed.hostname;
  if (/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/.test(host)) {
    const id = youtubeId(parsed);
    return id ? { source: "youtube", src: `${YOUTUBE_EMBED_BASE}${id}`, videoId: id } : { source: "youtube", src: null };
  }
  if (/(^|\.)vimeo\.com$/.test(host)) {
    const id = vimeoId(parsed);
    // dnt=1: Vimeo's player sets no tracking cookies.
    return id ? { source: "vimeo", src: `${VIMEO_EMBED_BASE}${id}?dnt=1`, videoId: id } : { source: "vimeo", src: null };
  }
  return { source: "default", src: parsed.toString() };
}

/** The src that starts playing at once: used after the visitor pressed play on a lazyAfterUserInteraction embed. */
export function autoplaySrc(embed: ResolvedEmbed): string | null {
  if (!embed.src) return null;
  if (embed.source === "default") return embed.src;
  const url = new URL(embed.src);
  url.searchParams.set("autoplay", "1");
  return url.toString();
}

export type EmbedConditions = {
  /** The component has mounted in a browser (never true while server-rendering). */
  mounted: boolean;
  inViewport: boolean;
  /** The visitor asked for the embed (pressed its play button). */
  interacted: boolean;
};

/** Whether the iframe is in the page now. */
export function shouldRenderEmbed(strategy: EmbedLoadStrategy, conditions: EmbedConditions): boolean {
  if (!conditions.mounted) return false;
  switch (strategy) {
    case "eager":
    case "lazyBrowser":
      return true;
    case "inViewport":
      return conditions.inViewport || conditions.interacted;
    case "lazyAfterUserInteraction":
      return conditions.interacted;
    default:
      throw new RangeError(`embed: strategy: expected one of ${EMBED_LOAD_STRATEGIES.join(", ")}, got ${JSON.stringify(strategy)}`);
  }
}

/** The iframe's loading attribute: lazyBrowser leaves the timing to the browser. */
export function iframeLoading(strategy: EmbedLoadStrategy): "lazy" | "eager" {
  return strategy === "lazyBrowser" ? "lazy" : "eager";
}
