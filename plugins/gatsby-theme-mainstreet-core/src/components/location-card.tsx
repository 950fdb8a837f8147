import React from "react";
import { Link } from "gatsby";
import { emailHref } from "@mainstreet/rules/hrefs";
import { mapsSearchUrl } from "@mainstreet/rules/maps";
import type { HoursDisplayOption } from "@mainstreet/rules/hours-base";
import type { QueriedLocation } from "../node/node-shapes";
import { CallPhoneLink } from "./call-phone-link";
import { Icon } from "./icons";
import { OpenStatusBadge } from "./open-status-badge";
import { deferred } from "./deferred";
import { mapsEmbedKey } from "./maps-key";
import type { MapEmbedProps } from "./map-embed";

// The map and the embed code load with a location card that shows a map, when it nears the screen; the
// hours block's code (today's row, the week in a popup) when the card does: its table is in the HTML.
const MapEmbed = deferred<MapEmbedProps>(() => import("./map-embed"));
const HoursDisplay = deferred(() => import("./hours-display"));

export type LocationData = Pick<QueriedLocation, "locationId" | "name" | "path" | "street" | "city" | "state" | "zip" | "phone" | "email" | "hours" | "timezone" | "specialHours">;

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
  const email = emailHref(location.email);
  const title = location.name ?? `${location.city}, ${location.street}`;
  return (
    <article className="location-card">
      <div className="location-card__body">
        <Heading className="location-card__title">{location.path ? <Link to={location.path}>{title}</Link> : title}</Heading>
        <OpenStatusBadge hours={location.hours} timeZone={location.timezone} specialHours={location.specialHours} />
        <address>
          {location.street}
          <br />
          {location.city}
          {location.state ? `, ${location.state}` : ""} {location.zip}
        </address>
        <ul className="location-card__contact">
          {location.phone ? (
            <li>
              <CallPhoneLink phone={location.phone} label={location.phone} className="with-icon" />
            </li>
          ) : null}
          {email && location.email ? (
            <li>
              <a href={email} className="with-icon">
                <Icon name="mail" size={18} />
                {location.email.toLowerCase()}
              </a>
            </li>
          ) : null}
          {maps ? (
            <li>
              <a href={maps} target="_blank" rel="noopener noreferrer" className="with-icon">
                <Icon name="mapPin" size={18} />
                Open in maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
        <HoursDisplay
          hours={location.hours}
          timeZone={location.timezone}
          specialHours={location.specialHours}
          display={hoursDisplay}
          caption={`Opening hours, ${title}`}
          title={`Opening hours, ${title}`}
        />
      </div>
      {showMap && mapsEmbedKey() ? <MapEmbed place={{ ...location, name: businessName }} className="location-card__map" /> : null}
    </article>
  );
}
