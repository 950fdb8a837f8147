import React, { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "@mainstreet/rules/workspace/passwords";
import type { SessionReply } from "@mainstreet/rules/api/manage-api";
import { errorMessage, type Api } from "../api/client";
import { ErrorText, ScreenHeading } from "../components/ui";

/** The link in an invitation lands here: the new member chooses a password and is signed in. */
export function AcceptInvitation({ api, token, onAccepted }: { api: Api; token: string; onAccepted: (reply: SessionReply) => void }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password);
    if (problem) {
      setError(`Password: ${problem}`);
      return;
    }
    if (password !== repeat) {
      setError("Repeat password: it does not match the password. Type the same password twice.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onAccepted(await api.send<SessionReply>("POST", "manage/invitations/accept/", { token, password }, { unauthorizedIsAnswer: true }));
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <main className="screen screen--narrow">
      <ScreenHeading>Join the workspace</ScreenHeading>
      <p>You were invited to help run this business&rsquo;s orders and bookings. Choose a password to finish.</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="accept-password">Password</label>
          <input
            id="accept-password"
            type="password"
            autoComplete="new-password"
            aria-required="true"
            aria-describedby="accept-password-hint"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="hint" id="accept-password-hint">
            At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
          </p>
        </div>
        <div className="field">
          <label htmlFor="accept-repeat">Repeat password</label>
          <input id="accept-repeat" type="password" autoComplete="new-password" aria-required="true" value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </div>
        <ErrorText message={error} />
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? "Joining…" : "Set password and join"}
        </button>
      </form>
    </main>
  );
}
