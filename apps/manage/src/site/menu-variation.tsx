import React from "react";
import { CheckField, TextField } from "./menu-fields";
import { MinutesField } from "./menu-minutes-field";
import type { VariationInput } from "./menu-model";
import { withOptional } from "./paths";

/** "Price" when an item has one variation; "Price of Stylist" (or "of variation 2") when it has several. */
function named(what: string, variation: VariationInput, position: number, count: number): string {
  if (count === 1) return what;
  return `${what} of ${variation.name?.trim() || `variation ${position + 1}`}`;
}

/**
 * One variation of the open item: its name (when there are several), price, the text shown instead of the
 * price, and, where the business books appointments, its length and the time after it. An empty optional
 * field leaves its key out of the data file.
 */
export function VariationFields({
  variation,
  position,
  count,
  path,
  timed,
  currency,
  errors,
  readOnly,
  onEdit,
  onRemove,
}: {
  variation: VariationInput;
  position: number;
  count: number;
  /** The variation's place in the document: `menu.items[3].variations[0]`. */
  path: string;
  /** Whether lengths are edited here: a location takes appointments, or a variation has a length. */
  timed: boolean;
  currency: string;
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
  onEdit: (edit: (variation: VariationInput) => VariationInput) => void;
  onRemove: () => void;
}) {
  const several = count > 1;
  const set = (key: "priceDisplay" | "durationMinutes" | "bufferMinutes", value: string | number | undefined) => onEdit((current) => withOptional(current, key, value));
  return (
    <div className="site-variation">
      {several ? (
        <TextField
          label={`Name of variation ${position + 1}`}
          value={variation.name ?? ""}
          onChange={(name) => onEdit((current) => ({ ...current, name }))}
          path={`${path}.name`}
          errors={errors}
          readOnly={readOnly}
        />
      ) : null}
      <TextField
        label={named("Price", variation, position, count)}
        value={variation.price === undefined ? "" : String(variation.price)}
        onChange={(price) => onEdit((current) => ({ ...current, price: price.trim() }))}
        path={`${path}.price`}
        errors={errors}
        readOnly={readOnly}
        inputMode="decimal"
        currency={currency}
      />
      <TextField
        label={named("Price text", variation, position, count)}
        hint='Optional: shown instead of the price, like "from $45" or "Free".'
        value={variation.priceDisplay ?? ""}
        onChange={(text) => set("priceDisplay", text)}
        path={`${path}.priceDisplay`}
        errors={errors}
        readOnly={readOnly}
      />
      {timed ? (
        <>
          <MinutesField
            label={`${named("Length", variation, position, count)} (minutes)`}
            emptyHint="Empty: no length, so it cannot be booked as an appointment."
            value={variation.durationMinutes}
            onChange={(minutes) => set("durationMinutes", minutes)}
            path={`${path}.durationMinutes`}
            errors={errors}
            readOnly={readOnly}
          />
          <MinutesField
            label={`${named("Time after", variation, position, count)} (minutes)`}
            emptyHint="Empty: none. The person stays busy this long after the service (clean-up); visitors do not see it."
            value={variation.bufferMinutes}
            onChange={(minutes) => set("bufferMinutes", minutes)}
            path={`${path}.bufferMinutes`}
            errors={errors}
            readOnly={readOnly}
          />
        </>
      ) : null}
      {several ? (
        <CheckField
          label={`${variation.name?.trim() || `Variation ${position + 1}`} sold out`}
          hint="Still shown, but it cannot be ordered or booked."
          checked={variation.available === false}
          onChange={(soldOut) => onEdit((current) => withOptional(current, "available", soldOut ? false : undefined))}
          readOnly={readOnly}
        />
      ) : null}
      {several && !readOnly ? (
        <button type="button" className="button button--small" onClick={onRemove}>
          Remove variation {position + 1}
        </button>
      ) : null}
    </div>
  );
}
