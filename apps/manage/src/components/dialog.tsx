import React, { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { ErrorText } from "./ui";

/**
 * A confirmation asked in a modal dialog: the browser's own <dialog> (focus kept inside, Escape closes,
 * the page behind inert), focus back on the control that opened it when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
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
    if (!busy) onConfirm();
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
              {cancelLabel}
            </button>
            <button type="submit" className="button button--danger" aria-disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
