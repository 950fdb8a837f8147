import React from "react";
import { SOLD_OUT_LABEL, isVariationSoldOut } from "@mainstreet/rules/orders/sold-out";
import { sortedVariations } from "@mainstreet/rules/orders/variations";

export interface VariationData {
  id: string;
  name: string;
  priceCents: number;
  /** The length of an appointment for it; present on what can be booked. */
  durationMinutes?: number | null;
  order: number;
  priceDisplay?: string;
  /** Its price as the site writes it, worked out at build (itemPriceText in @mainstreet/rules/orders/money). */
  priceText: string;
  /** false: this variation is sold out. */
  available?: boolean;
}

export interface InteractionData {
  id: string;
  label: string;
  behaviorType: string;
  url?: string;
  enabled: boolean;
  /** The address its button opens, worked out at build (the booking flow when appointments are on); null: no button. */
  href: string | null;
}

export function VariationList({ variations }: { variations: VariationData[] }) {
  return (
    <table className="price-list">
      <caption className="visually-hidden">Options and prices</caption>
      <tbody>
        {sortedVariations({ variations }).map((variation) => (
          <tr key={variation.id}>
            <th scope="row">{variation.name || "Standard"}</th>
            <td>
              {variation.priceText}
              {isVariationSoldOut(variation) ? <span className="badge price-list__sold-out">{SOLD_OUT_LABEL}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The data's interaction buttons, each opening the address the build worked out for it. */
export function InteractionButtons({ interactions }: { interactions: InteractionData[] }) {
  const buttons = interactions.filter((interaction) => interaction.enabled && interaction.href);
  if (buttons.length === 0) return null;
  return (
    <p className="actions">
      {buttons.map((button) => {
        const external = /^https?:/i.test(button.href ?? "");
        return (
          <a
            key={button.id}
            className="button"
            href={button.href ?? undefined}
            data-role={button.behaviorType}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {button.label}
            {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
          </a>
        );
      })}
    </p>
  );
}
