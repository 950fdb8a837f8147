import React, { useMemo, useState } from "react";
import { TextField } from "./menu-fields";
import { MINUTES_SENTENCES } from "./menu-sentences";

/** Digits only, spaces around allowed: what the field writes into the draft as a number. */
const WHOLE = /^\s*\d+\s*$/;

/**
 * A length in whole minutes (a service's `durationMinutes`, the time after it): digits are written into the
 * draft as a number, an empty field leaves the key out, and anything else stays in the field with a sentence
 * and is not written (the data file holds numbers only). The range is the contract's: a number outside it
 * is saved and the service's refusal is shown here, as a price's is.
 */
export function MinutesField({
  label,
  value,
  onChange,
  path,
  errors,
  readOnly,
  emptyHint,
}: {
  label: string;
  value: number | undefined;
  onChange: (minutes: number | undefined) => void;
  path: string;
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
  /** What an empty field means, said under the label. */
  emptyHint: string;
}) {
  // What the owner typed that is not whole minutes; null while the field shows the draft's value.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value === undefined ? "" : String(value));
  const fieldErrors = useMemo(() => (typed === null ? errors : new Map(errors).set(path, MINUTES_SENTENCES.whole)), [typed, errors, path]);
  const hint = typed !== null ? undefined : value !== undefined ? `${value} min` : emptyHint;
  return (
    <TextField
      label={label}
      value={shown}
      path={path}
      errors={fieldErrors}
      readOnly={readOnly}
      inputMode="numeric"
      hint={hint}
      onChange={(text) => {
        if (text.trim() === "") {
          setTyped(null);
          onChange(undefined);
        } else if (WHOLE.test(text)) {
          setTyped(null);
          onChange(Number(text));
        } else setTyped(text);
      }}
    />
  );
}
