import { useState } from "react";
import { errorMessage } from "./api/client";

interface ConfirmedAction<T> {
  /** What the open dialog asks about; null: no dialog. */
  target: T | null;
  /** Opens the dialog about `target`. */
  ask: (target: T) => void;
  /** The ConfirmDialog's state and handlers, to spread onto it. */
  dialog: { open: boolean; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void };
}

/**
 * An action a person confirms in a dialog first (cancel a booking, remove a person): the dialog stays
 * open with the service's words when the action fails, and closes when it succeeds.
 */
export function useConfirmedAction<T>(act: (target: T) => Promise<void>): ConfirmedAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      await act(target);
      setTarget(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setTarget(null);
    setError(null);
  };
  return { target, ask: setTarget, dialog: { open: target !== null, busy, error, onConfirm: () => void confirm(), onClose: close } };
}
