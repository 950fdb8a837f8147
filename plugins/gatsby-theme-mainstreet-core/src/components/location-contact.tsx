import React from "react";
import { emailHref } from "@mainstreet/rules/site/hrefs";
import { CallPhoneLink } from "./call-phone-link";
import { Icon } from "./icons";

/** A location's street, then its city, state and zip: the lines of an `<address>`, which the caller owns. */
export function StreetLines({ street, city, state, zip }: { street: string; city: string; state: string; zip: string }) {
  return (
    <>
      {street}
      <br />
      {city}
      {state ? `, ${state}` : ""} {zip}
    </>
  );
}

/**
 * A location's phone and email as items of a contact list (the number as the build formatted it, linked
 * in E.164; the email lower-cased); nothing for what it lacks.
 */
export function PhoneAndEmailItems({ phone, phoneHref, email }: { phone?: string | null; phoneHref?: string | null; email?: string | null }) {
  const mailto = emailHref(email);
  return (
    <>
      {phone && phoneHref ? (
        <li>
          <CallPhoneLink href={phoneHref} label={phone} className="with-icon" />
        </li>
      ) : null}
      {mailto && email ? (
        <li>
          <a href={mailto} className="with-icon">
            <Icon name="mail" size={18} />
            {email.toLowerCase()}
          </a>
        </li>
      ) : null}
    </>
  );
}

/** A contact list's link to the location in a maps app, opened in a new tab. */
export function MapsLinkItem({ href, label }: { href: string; label: string }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className="with-icon">
        <Icon name="mapPin" size={18} />
        {label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </li>
  );
}
