import React from "react";
import type { SessionReply } from "@mainstreet/rules/api/manage-api";
import type { CompletePasswordResetBody } from "@mainstreet/rules/api/manage-requests";
import type { Api } from "../api/client";
import { ScreenHeading } from "../components/ui";
import { NewPasswordForm } from "./new-password-form";
import { SignInBrand } from "./sign-in-brand";

/** The link in a password reset mail lands here: a new password, then the workspace, signed in. */
export function ResetPassword({ api, token, onReset }: { api: Api; token: string; onReset: (reply: SessionReply) => void }) {
  const send = async (password: string) => {
    const body: CompletePasswordResetBody = { token, password };
    onReset(await api.send<SessionReply>("POST", "manage/password-reset/complete/", body, { unauthorizedIsAnswer: true }));
  };
  return (
    <main className="screen screen--narrow">
      <SignInBrand api={api} />
      <ScreenHeading>Choose a new password</ScreenHeading>
      <p>Setting it signs you in here and out on every other device.</p>
      <NewPasswordForm
        id="reset"
        labels={{ password: "New password", repeat: "Repeat new password" }}
        submitLabel="Set password and sign in"
        busyLabel="Saving…"
        onSubmit={send}
        onRefused={{
          status: 404,
          render: () => (
            <p>
              <a href="#/forgot">Ask for a new link</a>
            </p>
          ),
        }}
      />
    </main>
  );
}
