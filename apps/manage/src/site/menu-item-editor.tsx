import React, { useId, useState } from "react";
import { ConfirmDialog } from "../components/dialog";
import { CheckField, TextField } from "./menu-fields";
import { newId, recordId, removeItem, setItemCategory, updateItem, type MenuItemInput, type VariationInput } from "./menu-model";
import { VariationFields } from "./menu-variation";
import { withOptional } from "./paths";
import { PhotoPicker } from "./photo-picker";
import type { SiteSectionProps } from "./section-props";

/** Where an item can be put: the categories in the site's order (file indexes), and "in no category". */
export interface CategoryChoice {
  index: number | null;
  name: string;
}

const NO_CATEGORY = "none";

/** The open item: its name, description, category, visibility, whether it is sold out, variations and photo. */
export function MenuItemEditor({
  item,
  index,
  categoryIndex,
  choices,
  change,
  readOnly,
  errors,
  currency,
  word,
  timed,
  onMoved,
}: Omit<SiteSectionProps, "document"> & {
  item: MenuItemInput;
  /** The item's place in menu.items (the paths the service names). */
  index: number;
  /** The category it is shown in here (a file index), or null for "in no category". */
  categoryIndex: number | null;
  choices: readonly CategoryChoice[];
  currency: string;
  /** "Menu", "Services" or "Products". */
  word: string;
  /** Whether variations have a length here: a location takes appointments, or a variation has one. */
  timed: boolean;
  onMoved: (message: string) => void;
}) {
  const id = recordId(item);
  const at = `menu.items[${index}]`;
  const selectId = useId();
  const [removing, setRemoving] = useState(false);
  const edit = (patch: (item: MenuItemInput) => MenuItemInput) => change((document) => updateItem(document, index, patch));
  const variations = item.variations ?? [];
  const editVariation = (position: number, patch: (variation: VariationInput) => VariationInput) =>
    edit((current) => ({ ...current, variations: current.variations.map((variation, at) => (at === position ? patch(variation) : variation)) }));

  return (
    <div className="site-editor" id={`item-editor-${id}`}>
      <TextField label="Name" value={item.name ?? ""} onChange={(name) => edit((current) => ({ ...current, name }))} path={`${at}.name`} errors={errors} readOnly={readOnly} />
      <TextField
        label="Description"
        multiline
        value={item.description ?? ""}
        onChange={(description) => edit((current) => ({ ...current, description }))}
        path={`${at}.description`}
        errors={errors}
        readOnly={readOnly}
      />
      <div className="field">
        <label htmlFor={selectId}>Category</label>
        <select
          id={selectId}
          value={categoryIndex === null ? NO_CATEGORY : String(categoryIndex)}
          disabled={readOnly}
          onChange={(event) => {
            const to = event.target.value === NO_CATEGORY ? null : Number(event.target.value);
            change((document) => setItemCategory(document, id, categoryIndex, to));
            onMoved(`${item.name} moved to ${choices.find((choice) => choice.index === to)?.name ?? "no category"}.`);
          }}
        >
          {choices.map((choice) => (
            <option key={choice.index ?? NO_CATEGORY} value={choice.index === null ? NO_CATEGORY : String(choice.index)}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <CheckField label="Show on the site" checked={item.visible ?? true} onChange={(visible) => edit((current) => ({ ...current, visible }))} readOnly={readOnly} />
      <CheckField
        label="Sold out"
        hint="Still shown on the site, but it cannot be ordered or booked."
        checked={item.available === false}
        onChange={(soldOut) => edit((current) => withOptional(current, "available", soldOut ? false : undefined))}
        readOnly={readOnly}
      />
      <fieldset className="site-variations">
        <legend>{variations.length > 1 ? "Variations and prices" : timed ? "Price and length" : "Price"}</legend>
        {variations.map((variation, position) => (
          <VariationFields
            // By id: a field's own state (minutes typed but not yet written) stays with its variation when another is removed.
            key={recordId(variation) || position}
            variation={variation}
            position={position}
            count={variations.length}
            path={`${at}.variations[${position}]`}
            timed={timed}
            currency={currency}
            errors={errors}
            readOnly={readOnly}
            onEdit={(patch) => editVariation(position, patch)}
            onRemove={() => edit((current) => ({ ...current, variations: current.variations.filter((_, at) => at !== position) }))}
          />
        ))}
        {readOnly ? null : (
          <button type="button" className="button button--small" onClick={() => edit((current) => ({ ...current, variations: [...current.variations, { _id: newId(`${current.name} variation`), name: "", price: "" }] }))}>
            Add a variation
          </button>
        )}
      </fieldset>
      <PhotoPicker label={`Photo of ${item.name}`} image={item.image} onChange={(image) => edit((current) => ({ ...current, image }))} path={`${at}.image`} errors={errors} readOnly={readOnly} />
      {readOnly ? null : (
        <button type="button" className="button button--danger" onClick={() => setRemoving(true)}>
          Remove this item
        </button>
      )}
      <ConfirmDialog
        open={removing}
        title={`Remove ${item.name}?`}
        confirmLabel="Remove the item"
        busyLabel="Removing…"
        cancelLabel="Keep it"
        busy={false}
        error={null}
        onConfirm={() => {
          setRemoving(false);
          change((document) => removeItem(document, id));
          onMoved(`${item.name} removed from the ${word.toLowerCase()}.`);
        }}
        onClose={() => setRemoving(false)}
      >
        <p>It leaves the {word.toLowerCase()} and every category, and nobody on the team can be booked for it. To take it off the site but keep it, untick Show on the site instead.</p>
      </ConfirmDialog>
    </div>
  );
}
