import React, { useCallback, useMemo, useState } from "react";
import { menuWording } from "@mainstreet/rules/site/menu-wording";
import { TextField } from "./menu-fields";
import { addCategory, categoriesInOrder, categoryShowing, editsLengths, firstRefusedItem, IN_NO_CATEGORY, itemAt, menuOf, newId, recordId, uncategorisedItems } from "./menu-model";
import { MenuCategory } from "./menu-category";
import type { CategoryChoice } from "./menu-item-editor";
import type { SiteSectionProps } from "./section-props";

/**
 * The menu (or services, or products) of the Site screen: its categories in the site's order, one open at a
 * time with its items, and each item's prices, photo and visibility. One category at a time keeps a
 * 2,000-item menu as quick as a small one.
 */

const NONE = IN_NO_CATEGORY;

function AddCategory({ change, announce, onAdded }: Pick<SiteSectionProps, "change"> & { announce: (message: string) => void; onAdded: (id: string) => void }) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<Map<string, string>>(new Map());
  const add = () => {
    if (name.trim() === "") {
      setProblem(new Map([["new.category", "Enter the new category's name."]]));
      return;
    }
    setProblem(new Map());
    const id = newId(name.trim());
    change((document) => addCategory(document, name.trim(), id));
    announce(`${name.trim()} added.`);
    setName("");
    onAdded(id);
  };
  return (
    <div className="site-add site-add--inline">
      <TextField label="New category's name" value={name} onChange={setName} path="new.category" errors={problem} readOnly={false} />
      <button type="button" className="button" onClick={add}>
        Add category
      </button>
    </div>
  );
}

export function MenuSection({ document, change, readOnly, errors, reveal = null }: SiteSectionProps) {
  const word = menuWording(document.type).section;
  const currency = document.ordering?.currency ?? "USD";
  const categories = document.menu?.categories;
  const items = document.menu?.items;
  const ordered = useMemo(() => categoriesInOrder(categories), [categories]);
  const loose = useMemo(() => uncategorisedItems(categories, items), [categories, items]);
  // A refusal opens the category of the first refused item (when the section opens, and when a save is refused
  // at a field not refused before), so the error summary's link finds its field.
  // A field the owner asked for from the summary opens its category the same way.
  const [chosen, setChosen] = useState<string | null>(() => categoryShowing(itemAt(reveal?.path) ?? firstRefusedItem(errors), categories, items) ?? null);
  const [seenErrors, setSeenErrors] = useState(errors);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    const refused = categoryShowing(firstRefusedItem(errors, seenErrors), categories, items);
    if (refused !== undefined) setChosen(refused);
  }
  const [seenReveal, setSeenReveal] = useState(reveal);
  if (reveal !== seenReveal) {
    setSeenReveal(reveal);
    const asked = categoryShowing(itemAt(reveal?.path), categories, items);
    if (asked !== undefined) setChosen(asked);
  }
  const [message, setMessage] = useState("");
  const announce = useCallback((text: string) => setMessage(text), []);
  // Once shown, the length fields stay: clearing the last length must not take its field away mid-edit.
  const hasLengths = useMemo(() => editsLengths(document.locations, items), [document.locations, items]);
  const [timed, setTimed] = useState(hasLengths);
  if (hasLengths && !timed) setTimed(true);

  const choices: CategoryChoice[] = useMemo(
    () => [...ordered.map(({ category, index }) => ({ index, name: category.name ?? "" })), { index: null, name: "No category (no page)" }],
    [ordered],
  );
  const context = useMemo(() => ({ change, readOnly, errors, currency, word, choices, timed, announce }), [change, readOnly, errors, currency, word, choices, timed, announce]);

  const openPosition = Math.max(0, ordered.findIndex(({ category }) => recordId(category) === chosen));
  const showLoose = chosen === NONE && loose.length > 0;
  const open = showLoose ? null : ordered[openPosition];
  const byId = useMemo(() => new Map((items ?? []).map((item, index) => [recordId(item), { item, index }])), [items]);
  const entries = useMemo(() => {
    if (showLoose) return loose;
    return (open?.category.items ?? []).map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  }, [showLoose, loose, open, byId]);
  const total = menuOf(document).items.length;

  return (
    <div className="site-section">
      <p className="muted">
        {total} {total === 1 ? "item" : "items"} in {ordered.length} {ordered.length === 1 ? "category" : "categories"}. Choose a category to see and change its items.
      </p>
      <ul className="site-chips" aria-label="Categories">
        {ordered.map(({ category }, position) => (
          <li key={recordId(category) || position}>
            <button type="button" className="button button--small" aria-pressed={!showLoose && position === openPosition} onClick={() => setChosen(recordId(category))}>
              {category.name || "Unnamed category"} ({(category.items ?? []).length})
            </button>
          </li>
        ))}
        {loose.length > 0 ? (
          <li>
            <button type="button" className="button button--small" aria-pressed={showLoose} onClick={() => setChosen(NONE)}>
              In no category ({loose.length})
            </button>
          </li>
        ) : null}
      </ul>
      {readOnly ? null : <AddCategory change={change} announce={announce} onAdded={setChosen} />}
      {open || showLoose ? (
        <MenuCategory
          key={showLoose ? NONE : recordId(open?.category ?? {})}
          document={document}
          categoryIndex={open ? open.index : null}
          position={openPosition}
          count={ordered.length}
          entries={entries}
          context={context}
          reveal={reveal}
          onRemoved={() => setChosen(null)}
        />
      ) : (
        <p className="muted">No categories yet: add one to start.</p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
