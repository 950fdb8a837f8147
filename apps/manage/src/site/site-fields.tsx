import React, { type ReactNode } from "react";
import { errorIdOf, fieldId } from "./paths";

/**
 * The inputs of the Site screen's sections: each is labelled, and while the service refuses its path it is
 * marked invalid and described by its sentence (the error summary leads to it by `fieldId(path)`).
 */

/** The attributes an input of `path` takes: its id, and invalid and described by its sentence while refused. */
export function fieldAttributes(path: string, errors: ReadonlyMap<string, string>, hintId?: string) {
  const refused = errors.has(path);
  return {
    id: fieldId(path),
    "aria-invalid": refused || undefined,
    "aria-describedby": [refused ? errorIdOf(path) : null, hintId ?? null].filter(Boolean).join(" ") || undefined,
  };
}

/** The refused path's sentence, under its input. */
export function FieldMessage({ path, errors }: { path: string; errors: ReadonlyMap<string, string> }) {
  const message = errors.get(path);
  if (!message) return null;
  return (
    <p className="error field__error" id={errorIdOf(path)}>
      {message}
    </p>
  );
}

interface TextFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
  hint?: ReactNode;
  multiline?: boolean;
  type?: "text" | "email" | "tel" | "url" | "date" | "time" | "datetime-local" | "number";
  autoComplete?: string;
  className?: string;
  /** The input's own accessible name where the visible label is shared ("Tuesday opens"). */
  ariaLabel?: string;
}

/** A labelled text input (or text area) of one path of the draft. */
export function TextField({ path, label, value, onChange, errors, readOnly, hint, multiline = false, type = "text", autoComplete = "off", className, ariaLabel }: TextFieldProps) {
  const hintId = hint ? `${fieldId(path)}-hint` : undefined;
  const attributes = { ...fieldAttributes(path, errors, hintId), readOnly, "aria-label": ariaLabel };
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={attributes.id}>{label}</label>
      {multiline ? (
        <textarea {...attributes} rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...attributes} type={type} autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldMessage path={path} errors={errors} />
    </div>
  );
}

/** A labelled check box of one path of the draft. */
export function CheckField({ path, label, checked, onChange, errors, readOnly }: { path: string; label: string; checked: boolean; onChange: (checked: boolean) => void; errors: ReadonlyMap<string, string>; readOnly: boolean }) {
  const attributes = fieldAttributes(path, errors);
  return (
    <div className="field">
      <label className="choice" htmlFor={attributes.id}>
        <input {...attributes} type="checkbox" checked={checked} disabled={readOnly} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      <FieldMessage path={path} errors={errors} />
    </div>
  );
}
