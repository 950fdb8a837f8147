import React from "react";
import type { SessionReply } from "@mainstreet/rules/api/manage-api";
import type { Api } from "../api/client";
import { ScreenHeading } from "../components/ui";
import { NewPasswordForm } from "./new-password-form";
import { SignInBrand } from "./sign-in-brand";

/** The link in an invitation lands here: the new member chooses a password and is signed in. */
export function AcceptInvitation({ api, token, onAccepted }: { api: Api; token: string; onAccepted: (reply: SessionReply) => void }) {
  return (
    <main className="screen screen--narrow">
      <SignInBrand api={api} />
      <ScreenHeading>Join the workspace</ScreenHeading>
      <p>You were invited to help run this business&rsquo;s orders and bookings. Choose a password to finish.</p>
      <NewPasswordForm
        id="accept"
        labels={{ password: "Password", repeat: "Repeat password" }}
        submitLabel="Set password and join"
        busyLabel="Joining…"
        onSubmit={async (password) => onAccepted(await api.send<SessionReply>("POST", "manage/invitations/accept/", { token, password }, { unauthorizedIsAnswer: true }))}
      />
    </main>
  );
}
