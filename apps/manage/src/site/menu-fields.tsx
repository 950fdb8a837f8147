import React, { useId } from "react";
import { FieldError } from "../components/ui";
import { fieldSentence } from "./menu-sentences";

/** The id of the input that edits a path of the document, as the Site screen's error summary finds it. */
export const fieldIdOf = (path: string): string => `site-${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "document"}`;

/**
 * A labelled text field of a site section, with the sentence of its refusal under it (its input marked
 * invalid and described by it). `path` is the field's place in the document, which the service's 422 names.
 */
export function TextField({
  label,
  value,
  onChange,
  path,
  errors,
  readOnly,
  multiline = false,
  inputMode,
  currency,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  path: string;
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
  multiline?: boolean;
  inputMode?: "decimal" | "numeric" | "text";
  currency?: string;
  hint?: string;
}) {
  const localId = useId();
  // A field of the document has the id the Site screen's error summary leads to (site-menu-items-3-name).
  const id = path.startsWith("new.") ? localId : fieldIdOf(path);
  const refused = errors.get(path);
  const sentence = refused === undefined ? undefined : fieldSentence(path, refused, currency);
  const describedBy = [sentence ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    value,
    readOnly,
    "aria-invalid": sentence ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="muted field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} message={sentence} />
    </div>
  );
}

/** A checkbox of a site section (shown on the site, or not), with an optional line saying what it does. */
export function CheckField({ label, checked, onChange, readOnly, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; readOnly: boolean; hint?: string }) {
  const id = useId();
  return (
    <div className="field field--inline site-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-readonly={readOnly || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => !readOnly && onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="muted field__hint site-check__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Move up / Move down for one entry of a list, described by the entry's name (`describedBy`): the buttons'
 * names stay "Move up" and "Move down", so a search for the entry's own button by its name finds that one
 * alone. An end of the list says so (aria-disabled).
 */
export function MoveButtons({ first, last, onMove, idPrefix, describedBy }: { first: boolean; last: boolean; onMove: (delta: -1 | 1) => void; idPrefix: string; describedBy: string }) {
  const move = (delta: -1 | 1, buttonId: string) => {
    onMove(delta);
    // The row moves in the list: the pressed button keeps the focus, so the next press moves it again.
    window.setTimeout(() => document.getElementById(buttonId)?.focus(), 0);
  };
  return (
    <span className="site-move">
      <button type="button" id={`${idPrefix}-up`} className="button button--small" aria-describedby={describedBy} aria-disabled={first || undefined} onClick={() => !first && move(-1, `${idPrefix}-up`)}>
        Move up
      </button>
      <button type="button" id={`${idPrefix}-down`} className="button button--small" aria-describedby={describedBy} aria-disabled={last || undefined} onClick={() => !last && move(1, `${idPrefix}-down`)}>
        Move down
      </button>
    </span>
  );
}
