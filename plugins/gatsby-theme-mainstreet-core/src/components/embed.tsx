import React, { useRef, useState, type CSSProperties } from "react";
import { autoplaySrc, iframeLoading, resolveEmbed, shouldRenderEmbed, type EmbedLoadStrategy } from "@mainstreet/rules/site/embed";
import { useInViewport } from "../hooks/use-in-viewport";
import { useMounted } from "../hooks/use-mounted";
import { Icon } from "./icons";
import { CODE_WHEN_VISIBLE_ATTRIBUTE } from "../data/code-when-visible";

interface EmbedProps {
  url: string | null | undefined;
  /** The iframe's title (its accessible name), e.g. "Video: our studio". */
  title: string;
  /** SPEC §4: eager, lazyBrowser, inViewport (default), lazyAfterUserInteraction. */
  strategy?: EmbedLoadStrategy;
  /** CSS aspect ratio of the frame, reserved before it loads so nothing shifts. */
  aspectRatio?: string;
  /** Text of the load button for lazyAfterUserInteraction. */
  loadLabel?: string;
  className?: string;
}

/**
 * A third-party embed (vimeo, youtube or any https page). Never server-rendered: the server and the first
 * browser render emit an empty frame of the right shape, and the iframe arrives when the strategy allows.
 */
export function Embed({ url, title, strategy = "inViewport", aspectRatio = "16 / 9", loadLabel, className }: EmbedProps) {
  const mounted = useMounted();
  const frameRef = useRef<HTMLDivElement>(null);
  const inViewport = useInViewport(frameRef);
  const [interacted, setInteracted] = useState(false);
  const embed = resolveEmbed(url);
  if (!embed.src) return null;
  const show = shouldRenderEmbed(strategy, { mounted, inViewport, interacted });
  const src = strategy === "lazyAfterUserInteraction" ? autoplaySrc(embed) : embed.src;
  const style = { aspectRatio } as CSSProperties;
  // Its frame is the app's to add: the page starts the app when the embed nears the screen (an eager one on the
  // first screen, at load), which is when any strategy but the visitor's own tap shows it.
  const due = { [CODE_WHEN_VISIBLE_ATTRIBUTE]: "" };
  return (
    <div ref={frameRef} className={["embed", className].filter(Boolean).join(" ")} data-embed-source={embed.source} data-embed-strategy={strategy} style={style} {...due}>
      {show && src ? (
        <iframe
          className="embed__frame"
          src={src}
          title={title}
          loading={iframeLoading(strategy)}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : mounted && strategy === "lazyAfterUserInteraction" ? (
        <button type="button" className="embed__load" onClick={() => setInteracted(true)}>
          <Icon name="play" size={28} />
          <span>{loadLabel ?? `Play: ${title}`}</span>
        </button>
      ) : null}
    </div>
  );
}
