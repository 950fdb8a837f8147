import React, { useEffect, useRef, useState, type ReactNode } from "react";
import { manageHash, type ManageRoute } from "@mainstreet/rules/workspace/workspace";
import { errorMessage } from "../api/client";

/**
 * The screen's title; takes focus when the screen opens, so a screen reader starts there. It takes it just after the
 * frame that shows the screen: focusing lays the page out at once, so focusing as the screen mounts would lay the new
 * screen out twice before its first frame (tens of ms on a slow tablet), and after that frame there is nothing left
 * to lay out.
 */
export function ScreenHeading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => ref.current?.focus({ preventScroll: true }), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="screen__title">
      {children}
    </h1>
  );
}

export function ErrorText({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="error" id={id}>
      {message}
    </p>
  );
}

/** A refused field's sentence, under the field; its input names it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="error field__error" id={id}>
      {message}
    </p>
  );
}

/** A loading line or a list's error with a way to try again. */
export function LoadState({ loading, error, onRetry, what }: { loading: boolean; error: string | null; onRetry: () => void; what: string }) {
  if (error) {
    return (
      <div className="load-error">
        <ErrorText message={error} />
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return loading ? (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  ) : null;
}

/** Switches between the views of a screen (Active / Recent): links, so each view has its own address. */
export function ViewLinks({ label, links }: { label: string; links: { label: ReactNode; route: ManageRoute; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="views">
      <ul>
        {links.map((link) => (
          <li key={manageHash(link.route)}>
            <a href={manageHash(link.route)} aria-current={link.current ? "page" : undefined} className="views__link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A button for a call to the service: says what it is doing while the call runs (and ignores presses
 * meanwhile, without losing focus as `disabled` would), then hands any error to `onError`.
 */
export function ActionButton({
  onAction,
  onError,
  busyLabel,
  children,
  className = "button",
  describedBy,
}: {
  onAction: () => Promise<unknown>;
  onError?: (message: string | null) => void;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  describedBy?: string;
}) {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const press = async () => {
    if (busy) return;
    setBusy(true);
    onError?.(null);
    try {
      await onAction();
    } catch (error) {
      onError?.(errorMessage(error));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };
  return (
    <button type="button" className={className} aria-disabled={busy} aria-describedby={describedBy} onClick={() => void press()}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** A minute-by-minute clock for "4 min ago" and "late by" (a kitchen screen stays open for hours). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A labelled choice among named options (a location, a business). */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  inline = false,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { id: string; name: string }[];
  onChange: (value: string) => void;
  inline?: boolean;
}) {
  return (
    <div className={inline ? "field field--inline" : "field"}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
