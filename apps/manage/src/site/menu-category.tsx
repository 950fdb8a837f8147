import React, { memo, useCallback, useMemo, useState } from "react";
import { readPrice } from "@mainstreet/rules/orders/money";
import { ConfirmDialog } from "../components/dialog";
import { fieldIdOf, MoveButtons, TextField } from "./menu-fields";
import { addItem, firstRefusedItem, itemAt, menuOf, moveCategory, moveItem, newId, recordId, refusedItems, removeCategory, updateCategory, type MenuItemInput } from "./menu-model";
import { MenuItemEditor, type CategoryChoice } from "./menu-item-editor";
import type { SiteReveal, SiteSectionProps } from "./section-props";

/** Rows shown at first, and added by each "Show more": a category of 2,000 items stays quick to type in. */
const PAGE = 100;

/** What a row and the panel share: the draft's edit function and how the section reads. */
interface PanelContext extends Omit<SiteSectionProps, "document"> {
  currency: string;
  word: string;
  choices: readonly CategoryChoice[];
  /** Whether variations have a length (minutes) here. */
  timed: boolean;
  announce: (message: string) => void;
}

/**
 * One item of the open category: its button (named after it) opens it; Move up/Move down reorder it. A row
 * whose item, place and errors are unchanged renders nothing again, so typing in one item of a 2,000-item
 * menu re-renders that item alone.
 */
const ItemRow = memo(function ItemRow({
  item,
  index,
  position,
  count,
  categoryIndex,
  open,
  invalid,
  onToggle,
  context,
}: {
  item: MenuItemInput;
  index: number;
  position: number;
  count: number;
  categoryIndex: number | null;
  open: boolean;
  invalid: boolean;
  onToggle: (id: string) => void;
  context: PanelContext;
}) {
  const id = recordId(item);
  const hidden = item.visible === false;
  return (
    <li className="site-row">
      <div className="site-row__line">
        <button type="button" id={`item-name-${id}`} className="site-row__name" aria-expanded={open} aria-controls={open ? `item-editor-${id}` : undefined} onClick={() => onToggle(id)}>
          {item.name}
        </button>
        {hidden ? <span className="site-badge">Hidden</span> : null}
        {item.available === false ? <span className="site-badge">Sold out</span> : null}
        {invalid ? <span className="site-badge site-badge--error">Needs fixing</span> : null}
        {context.readOnly || categoryIndex === null ? null : (
          <MoveButtons
            describedBy={`item-name-${id}`}
            first={position === 0}
            last={position === count - 1}
            idPrefix={`move-item-${id}`}
            onMove={(delta) => {
              context.change((document) => moveItem(document, categoryIndex, id, delta));
              context.announce(`${item.name} moved to place ${position + 1 + delta} of ${count}.`);
            }}
          />
        )}
      </div>
      {open ? <MenuItemEditor {...context} item={item} index={index} categoryIndex={categoryIndex} onMoved={context.announce} /> : null}
    </li>
  );
});

function AddItem({ categoryIndex, context, onAdded }: { categoryIndex: number | null; context: PanelContext; onAdded: (id: string) => void }) {
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const add = () => {
    const found = new Map<string, string>();
    if (name.trim() === "") found.set("new.name", "Enter the new item's name.");
    if (readPrice(price.trim()) === null) found.set("new.price", "Enter the price as a number, like 12.50.");
    setProblems(found);
    if (found.size > 0) return;
    const item = { id: newId(name.trim()), name: name.trim(), price: price.trim() };
    context.change((document) => addItem(document, categoryIndex, item));
    context.announce(`${item.name} added.`);
    setName("");
    setPrice("");
    onAdded(item.id);
  };
  return (
    <fieldset className="site-add">
      <legend>Add an item here</legend>
      <TextField label="New item's name" value={name} onChange={setName} path="new.name" errors={problems} readOnly={false} />
      <TextField label="New item's price" value={price} onChange={setPrice} path="new.price" errors={problems} readOnly={false} inputMode="decimal" />
      <button type="button" className="button" onClick={add}>
        Add item
      </button>
    </fieldset>
  );
}

type Entry = { item: MenuItemInput; index: number };

/** The row of the item at `at` in menu.items if it is in this list: its id, and how many rows show it. */
function refusedRow(at: number | undefined, entries: readonly Entry[]): { id: string; rows: number } | null {
  const position = at === undefined ? -1 : entries.findIndex((entry) => entry.index === at);
  return position < 0 ? null : { id: recordId(entries[position].item), rows: Math.ceil((position + 1) / PAGE) * PAGE };
}

/** The open category: its name and place, its items in order, and a way to add one. */
export function MenuCategory({
  document,
  categoryIndex,
  position,
  count,
  entries,
  context,
  reveal = null,
  onRemoved,
}: {
  document: SiteSectionProps["document"];
  /** The category's place in menu.categories, or null for the items in no category. */
  categoryIndex: number | null;
  position: number;
  count: number;
  entries: readonly Entry[];
  context: PanelContext;
  /** A field the owner asked for from the error summary: its item opens, and the rows down to it. */
  reveal?: SiteReveal | null;
  onRemoved: () => void;
}) {
  const { errors, change, readOnly, announce } = context;
  // A refusal opens the first refused item, and the rows down to it, so its field is on the page: when the
  // list opens, and when a save is refused at a field not refused before.
  const [openId, setOpenId] = useState<string | null>(() => refusedRow(itemAt(reveal?.path) ?? firstRefusedItem(errors), entries)?.id ?? null);
  const [shown, setShown] = useState(() => Math.max(PAGE, refusedRow(itemAt(reveal?.path) ?? firstRefusedItem(errors), entries)?.rows ?? 0));
  const [seenReveal, setSeenReveal] = useState(reveal);
  const [seenErrors, setSeenErrors] = useState(errors);
  const [confirming, setConfirming] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const invalidItems = useMemo(() => refusedItems(errors), [errors]);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    const row = refusedRow(firstRefusedItem(errors, seenErrors), entries);
    if (row) {
      setAdded(null);
      setOpenId(row.id);
      setShown((count) => Math.max(count, row.rows));
    }
  }
  if (reveal !== seenReveal) {
    setSeenReveal(reveal);
    const row = refusedRow(itemAt(reveal?.path), entries);
    if (row) {
      setAdded(null);
      setOpenId(row.id);
      setShown((count) => Math.max(count, row.rows));
    }
  }
  const toggle = useCallback((id: string) => {
    setAdded(null);
    setOpenId((current) => (current === id ? null : id));
  }, []);
  const category = categoryIndex === null ? null : menuOf(document).categories[categoryIndex];

  const remove = () => {
    if (categoryIndex === null || !category) return;
    if ((category.items ?? []).length > 0) {
      setConfirming(true);
      return;
    }
    change((current) => removeCategory(current, categoryIndex));
    announce(`${category.name} removed.`);
    onRemoved();
  };

  return (
    <div className="site-category">
      {category && categoryIndex !== null ? (
        <div className="site-category__head">
          <TextField
            label="Category name"
            value={category.name ?? ""}
            onChange={(name) => change((current) => updateCategory(current, categoryIndex, (entry) => ({ ...entry, name })))}
            path={`menu.categories[${categoryIndex}].name`}
            errors={errors}
            readOnly={readOnly}
          />
          <TextField
            label="Category description"
            multiline
            value={category.description ?? ""}
            onChange={(description) => change((current) => updateCategory(current, categoryIndex, (entry) => ({ ...entry, description })))}
            path={`menu.categories[${categoryIndex}].description`}
            errors={errors}
            readOnly={readOnly}
          />
          {readOnly ? null : (
            <div className="site-actions">
              <MoveButtons
                describedBy={fieldIdOf(`menu.categories[${categoryIndex}].name`)}
                first={position === 0}
                last={position === count - 1}
                idPrefix={`move-category-${recordId(category)}`}
                onMove={(delta) => {
                  change((current) => moveCategory(current, categoryIndex, delta));
                  announce(`${category.name} moved to place ${position + 1 + delta} of ${count}.`);
                }}
              />
              <button type="button" className="button button--small button--danger" onClick={remove}>
                Remove this category
              </button>
            </div>
          )}
        </div>
      ) : (
        <p className="muted">These items are in no category, so they have no page on the site. Open one and choose its category.</p>
      )}
      {entries.length === 0 ? <p className="muted">No items in this category yet.</p> : null}
      <ul className="site-list" aria-label={category ? `Items in ${category.name}` : "Items in no category"}>
        {entries.slice(0, shown).map(({ item, index }, at) => (
          <ItemRow
            key={recordId(item) || index}
            item={item}
            index={index}
            position={at}
            count={entries.length}
            categoryIndex={categoryIndex}
            open={openId === recordId(item) || added === recordId(item)}
            invalid={invalidItems.has(index)}
            onToggle={toggle}
            context={context}
          />
        ))}
      </ul>
      {entries.length > shown ? (
        <button type="button" className="button" onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown} left
        </button>
      ) : null}
      {readOnly ? null : <AddItem categoryIndex={categoryIndex} context={context} onAdded={setAdded} />}
      {category && categoryIndex !== null ? (
        <ConfirmDialog
          open={confirming}
          title={`Remove ${category.name}?`}
          confirmLabel="Remove the category"
          busyLabel="Removing…"
          cancelLabel="Keep it"
          busy={false}
          error={null}
          onConfirm={() => {
            setConfirming(false);
            change((current) => removeCategory(current, categoryIndex));
            announce(`${category.name} removed; its items are still on the ${context.word.toLowerCase()}.`);
            onRemoved();
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            Its {(category.items ?? []).length} items stay on the {context.word.toLowerCase()}: those in no other category lose their page until you put them in one.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
