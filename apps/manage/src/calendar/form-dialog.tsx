import React, { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { ErrorText } from "../components/ui";

/**
 * A form in a modal dialog (a walk-in, a block, a booking's details): the browser's own <dialog> keeps
 * focus inside and the page behind inert, Escape closes it, and focus goes back to the control that
 * opened it. The submit button is the form's main action; `actions` are further buttons beside it.
 */
export function FormDialog({
  open,
  title,
  children,
  submitLabel,
  busyLabel,
  closeLabel = "Close",
  busy,
  error,
  actions,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Without one the dialog only shows (its actions act). */
  submitLabel?: string;
  busyLabel: string;
  closeLabel?: string;
  busy: boolean;
  error: string | null;
  actions?: ReactNode;
  onSubmit?: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit?.();
  };
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open ? (
        <form onSubmit={submit} className="dialog__form" noValidate>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
          <ErrorText message={error} />
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => !busy && onClose()} aria-disabled={busy}>
              {closeLabel}
            </button>
            {actions}
            {submitLabel ? (
              <button type="submit" className="button button--primary" aria-disabled={busy}>
                {busy ? busyLabel : submitLabel}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
