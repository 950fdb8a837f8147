import React, { useState, type FormEvent, type ReactNode } from "react";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "@mainstreet/rules/workspace/passwords";
import { errorMessage, isApiError } from "../api/client";
import { ErrorText } from "../components/ui";

export interface NewPasswordFormProps {
  /** Prefix of the fields' ids (one form per screen). */
  id: string;
  labels: { password: string; repeat: string };
  submitLabel: string;
  busyLabel: string;
  /** Sends the password; a rejection's message is shown under the fields. */
  onSubmit: (password: string) => Promise<void>;
  /** Shown under a refusal with this status (a way on, such as asking for a new link). */
  onRefused?: { status: number; render: () => ReactNode };
}

/**
 * Choosing a password twice (an invitation, a reset): checked with the service's own rules before it is
 * sent, so most mistakes are told at once in the same words.
 */
export function NewPasswordForm({ id, labels, submitLabel, busyLabel, onSubmit, onRefused }: NewPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password);
    if (problem) {
      setError({ message: `${labels.password}: ${problem}`, status: 0 });
      return;
    }
    if (password !== repeat) {
      setError({ message: `${labels.repeat}: it does not match the ${labels.password.toLowerCase()}. Type the same password twice.`, status: 0 });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (caught) {
      setError({ message: errorMessage(caught), status: isApiError(caught) ? caught.status : 0 });
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-password`}>{labels.password}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          aria-required="true"
          aria-describedby={`${id}-password-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="hint" id={`${id}-password-hint`}>
          At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeat`}>{labels.repeat}</label>
        <input id={`${id}-repeat`} type="password" autoComplete="new-password" aria-required="true" value={repeat} onChange={(event) => setRepeat(event.target.value)} />
      </div>
      <ErrorText message={error?.message ?? null} />
      {error && onRefused && error.status === onRefused.status ? onRefused.render() : null}
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
