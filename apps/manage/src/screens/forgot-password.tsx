import React, { useId, useState, type FormEvent } from "react";
import type { PasswordResetReply } from "@mainstreet/rules/api/manage-api";
import type { PasswordResetBody } from "@mainstreet/rules/api/manage-requests";
import { isValidEmail } from "@mainstreet/rules/forms/validation";
import { errorMessage, type Api } from "../api/client";
import { ErrorText, ScreenHeading } from "../components/ui";
import { SignInBrand } from "./sign-in-brand";

/** "Forgot password?" on the sign-in screen: asks the service to mail a link to set a new one. */
export function ForgotPassword({ api }: { api: Api }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isValidEmail(email)) {
      setError("Email: enter the address you sign in with, like name@example.com.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: PasswordResetBody = { email: email.trim() };
      setAnswer((await api.send<PasswordResetReply>("POST", "manage/password-reset/", body, { unauthorizedIsAnswer: true })).message);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="screen screen--narrow">
      <SignInBrand api={api} />
      <ScreenHeading>Reset your password</ScreenHeading>
      {answer ? (
        <p className="notice" role="status">
          {answer} Check your inbox, and the spam folder if it is not there in a few minutes.
        </p>
      ) : (
        <>
          <p>Enter the email address you sign in with, and we will email you a link to choose a new password.</p>
          <form className="form" onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined} noValidate>
            <div className="field">
              <label htmlFor="forgot-email">Email</label>
              <input id="forgot-email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </div>
            <ErrorText message={error} id={errorId} />
            <button type="submit" className="button button--primary" aria-disabled={busy}>
              {busy ? "Sending…" : "Email me a link"}
            </button>
          </form>
        </>
      )}
      <p className="sign-in-aside">
        <a href="#/sign-in">Back to sign in</a>
      </p>
    </main>
  );
}
