import React, { useState } from "react";
import { errorMessage } from "../api/client";

/** A labelled input of a calendar form; `id` ties the label to it. */
export function Field({
  id,
  label,
  value,
  onChange,
  type = "text",
  autoComplete,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "date" | "time";
  autoComplete?: string;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="muted" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <input id={id} type={type} value={value} autoComplete={autoComplete} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * A form's call to the service: busy while it runs (a second press does nothing), the service's sentence
 * kept when it refuses, or the form's own check's sentence before anything is sent.
 */
export function useSubmit(): { busy: boolean; error: string | null; setError: (message: string | null) => void; run: (work: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
