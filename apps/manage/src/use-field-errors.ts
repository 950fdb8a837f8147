import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api/client";
import { fieldSentence, refusalOf, type Refusal, type WorkspaceField } from "./api/field-errors";

const NONE: Refusal = { fields: {}, message: null };

/**
 * A form's errors in the owner's voice: a sentence at each refused field (its input marked invalid and
 * described by it, the first one focused, so a screen reader reads it), and one line for the rest.
 * Refusals from the service and the form's own checks read the same (api/field-errors.ts).
 */
export function useFieldErrors(shown: readonly WorkspaceField[], idPrefix: string) {
  const [refusal, setRefusal] = useState<Refusal>(NONE);
  const inputs = useRef(new Map<WorkspaceField, HTMLElement>());
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const first = shownRef.current.find((field) => refusal.fields[field]);
    if (first) inputs.current.get(first)?.focus();
  }, [refusal]);

  const errorId = (field: WorkspaceField) => `${idPrefix}-${field}-error`;
  return {
    /** The form's own line (not about one field), or null. */
    message: refusal.message,
    /** The sentence at a field, if it is refused. */
    error: (field: WorkspaceField) => refusal.fields[field],
    errorId,
    /** A field the form's own check refuses before sending. */
    fail: useCallback((field: WorkspaceField) => setRefusal({ fields: { [field]: fieldSentence(field) }, message: null }), []),
    /** Whatever a call to the service threw. */
    refuse: useCallback((error: unknown) => setRefusal(refusalOf(error, shownRef.current, errorMessage)), []),
    clear: useCallback(() => setRefusal(NONE), []),
    /** The form's line alone (an ActionButton's error, already in the owner's words), or nothing. */
    say: useCallback((message: string | null) => setRefusal(message ? { fields: {}, message } : NONE), []),
    /** The attributes of a field's input: invalid and described by its sentence while it is refused. */
    input(field: WorkspaceField, describedBy?: string) {
      const refused = Boolean(refusal.fields[field]);
      return {
        ref: (element: HTMLElement | null) => {
          if (element) inputs.current.set(field, element);
          else inputs.current.delete(field);
        },
        "aria-invalid": refused || undefined,
        "aria-describedby": [refused ? errorId(field) : null, describedBy ?? null].filter(Boolean).join(" ") || undefined,
      };
    },
  };
}
