import React from "react";
import { Link } from "gatsby";
import { mapsSearchUrl } from "@mainstreet/rules/site/maps";
import type { HoursDisplayOption } from "@mainstreet/rules/hours/hours-base";
import { MapsLinkItem, PhoneAndEmailItems, StreetLines } from "../components/location-contact";
import { OpenStatusBadge } from "../components/open-status-badge";
import { deferred } from "../hydration/deferred";
import { mapsEmbedKey } from "../components/maps-key";
import type { MapEmbedProps } from "../components/map-embed";
import type { SiteLocation } from "../hooks/use-site-data";

// The map and the embed code load with a location card that shows a map, when it nears the screen; the
// hours block's code (today's row, the week in a popup) when the card does: its table is in the HTML.
const MapEmbed = deferred<MapEmbedProps>(() => import("../components/map-embed"));
const HoursDisplay = deferred(() => import("../components/hours-display"), { code: "part-hours-display" });

/** What a card shows of a location, read from the same location the layout reads. */
export type LocationData = Pick<SiteLocation, "locationId" | "name" | "path" | "street" | "city" | "state" | "zip" | "phone" | "phoneHref" | "email" | "hours" | "timezone" | "specialHours">;

export function LocationCard({
  location,
  businessName,
  headingLevel = 2,
  hoursDisplay = "grouped",
  showMap = false,
}: {
  location: LocationData;
  businessName: string;
  headingLevel?: 2 | 3;
  /** SPEC §2 hours display option for this card. */
  hoursDisplay?: HoursDisplayOption;
  /** The map embed (browser only, needs the maps key). */
  showMap?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const maps = mapsSearchUrl({ ...location, name: businessName });
  const title = location.name ?? `${location.city}, ${location.street}`;
  return (
    <article className="location-card">
      <div className="location-card__body">
        <Heading className="location-card__title">{location.path ? <Link to={location.path}>{title}</Link> : title}</Heading>
        <OpenStatusBadge hours={location.hours} timeZone={location.timezone} specialHours={location.specialHours} locationId={location.locationId} />
        <address>
          <StreetLines {...location} />
        </address>
        <ul className="location-card__contact">
          <PhoneAndEmailItems phone={location.phone} phoneHref={location.phoneHref} email={location.email} />
          {maps ? <MapsLinkItem href={maps} label="Open in maps" /> : null}
        </ul>
        <HoursDisplay
          hours={location.hours}
          timeZone={location.timezone}
          specialHours={location.specialHours}
          locationId={location.locationId}
          display={hoursDisplay}
          caption={`Opening hours, ${title}`}
          title={`Opening hours, ${title}`}
        />
      </div>
      {showMap && mapsEmbedKey() ? <MapEmbed place={{ ...location, name: businessName }} className="location-card__map" /> : null}
    </article>
  );
}
