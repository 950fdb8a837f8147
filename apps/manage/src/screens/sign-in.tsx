import React, { useId, useState, type FormEvent } from "react";
import type { SessionReply } from "@mainstreet/rules/api/manage-api";
import { isApiError, errorMessage, type Api } from "../api/client";
import { ErrorText, ScreenHeading, SelectField } from "../components/ui";
import { SignInBrand } from "./sign-in-brand";

interface BusinessChoice {
  id: string;
  name: string;
}

/** The businesses a 409 lists when one email has accounts at several. */
function businessesIn(body: unknown): BusinessChoice[] {
  const list = body && typeof body === "object" ? ((body as { businesses?: unknown }).businesses ?? (body as { detail?: { businesses?: unknown } }).detail?.businesses) : null;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (typeof entry === "string" ? { id: entry, name: entry } : entry && typeof entry === "object" ? { id: String((entry as BusinessChoice).id ?? ""), name: String((entry as BusinessChoice).name ?? (entry as BusinessChoice).id ?? "") } : null))
    .filter((entry): entry is BusinessChoice => entry !== null && entry.id !== "");
}

export function SignIn({ api, notice, onSignedIn }: { api: Api; notice: string | null; onSignedIn: (reply: SessionReply) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [businesses, setBusinesses] = useState<BusinessChoice[]>([]);
  const [businessId, setBusinessId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(!email.trim() ? "Email: enter the address you sign in with." : "Password: enter your password.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api.send<SessionReply>("POST", "manage/session/", { email, password, ...(businessId ? { business_id: businessId } : {}) }, { unauthorizedIsAnswer: true });
      onSignedIn(reply);
    } catch (caught) {
      const choices = isApiError(caught) && caught.status === 409 ? businessesIn(caught.body) : [];
      if (choices.length > 0) {
        setBusinesses(choices);
        setBusinessId((current) => current || choices[0].id);
      }
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <main className="screen screen--narrow">
      <SignInBrand api={api} />
      <ScreenHeading>Sign in to the workspace</ScreenHeading>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <form className="form" onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined} noValidate>
        <div className="field">
          <label htmlFor="sign-in-email">Email</label>
          <input id="sign-in-email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">Password</label>
          <input id="sign-in-password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          <p className="hint">
            <a href="#/forgot">Forgot password?</a>
          </p>
        </div>
        {businesses.length > 0 ? <SelectField id="sign-in-business" label="Business" value={businessId} options={businesses} onChange={setBusinessId} /> : null}
        <ErrorText message={error} id={errorId} />
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p className="muted sign-in-aside">No account yet? Ask the business&rsquo;s owner to invite you. A new business&rsquo;s first owner account is set up by whoever runs this service for it.</p>
    </main>
  );
}
