import React from "react";
import { mapsEmbedUrl, type MapsQueryInput } from "@mainstreet/rules/site/maps";
import type { EmbedLoadStrategy } from "@mainstreet/rules/site/embed";
import { Embed } from "./embed";
import { mapsEmbedKey } from "./maps-key";


export interface MapEmbedProps {
  place: MapsQueryInput;
  apiKey?: string | null;
  strategy?: EmbedLoadStrategy;
  className?: string;
}

/** Map embed from the business name and address plus a public key (SPEC §2); never server-rendered. */
function MapEmbed({ place, apiKey = mapsEmbedKey(), strategy = "inViewport", className }: MapEmbedProps) {
  const url = mapsEmbedUrl(place, apiKey);
  if (!url) return null;
  const title = `Map of ${[place.name, place.street, place.city].filter(Boolean).join(", ")}`;
  return <Embed url={url} title={title} strategy={strategy} aspectRatio="4 / 3" className={["map-embed", className].filter(Boolean).join(" ")} />;
}

export default MapEmbed;
