import React, { useId, useState, type FormEvent } from "react";
import type { InvitationReply, MerchantRole as Role, UsersReply } from "@mainstreet/rules/api/manage-api";

type StaffUser = UsersReply["users"][number];
type Invitation = UsersReply["invitations"][number] & { accept_url?: string };
import { TeamMemberSelect } from "../calendar/team-member-select";
import { ConfirmDialog } from "../components/dialog";
import { ErrorText, FieldError, LoadState, ScreenHeading, useNow } from "../components/ui";
import { formatAgo, formatDay } from "../format";
import { useLocations, useSession } from "../session";
import { useConfirmedAction } from "../use-confirmed-action";
import { useFieldErrors } from "../use-field-errors";
import type { FirstRead } from "../types";
import { read, type Read } from "../reads";
import { useLoad } from "../use-load";

const ROLE_TEXT: Record<Role, string> = { owner: "Owner", staff: "Staff" };

function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const { api, announce } = useSession();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("staff");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Invitation | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errors = useFieldErrors(["email", "role"], emailId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    errors.clear();
    setSent(null);
    try {
      const invitation = await api.send<InvitationReply>("POST", "manage/invitations/", { email: email.trim(), role });
      onInvited(invitation);
      setSent(invitation);
      setEmail("");
      announce(`Invitation sent to ${invitation.email}.`);
    } catch (caught) {
      errors.refuse(caught);
    } finally {
      setBusy(false);
    }
  };
  const link = sent?.accept_url ? new URL(sent.accept_url, window.location.origin).href : null;
  return (
    <form className="form card" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} {...errors.input("email")} />
        <FieldError id={errors.errorId("email")} message={errors.error("email")} />
      </div>
      <div className="field">
        <label htmlFor={roleId}>Role</label>
        <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)} {...errors.input("role", `${roleId}-hint`)}>
          <option value="staff">Staff</option>
          <option value="owner">Owner</option>
        </select>
        <p className="hint" id={`${roleId}-hint`}>
          Staff run orders, the kitchen, availability, bookings, messages and reviews; an owner can also invite and remove people. The invitation link works once, for 7 days.
        </p>
        <FieldError id={errors.errorId("role")} message={errors.error("role")} />
      </div>
      <ErrorText message={errors.message} />
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        {busy ? "Sending…" : "Send invitation"}
      </button>
      {sent ? (
        <div className="notice" role="status">
          <p>
            Invitation emailed to {sent.email}. If the email does not arrive, give them this link yourself:
          </p>
          {link ? <p className="link-copy">{link}</p> : null}
        </div>
      ) : null}
    </form>
  );
}

const usersRead = read<UsersReply>("manage/users/");
/** Staff see who they work with from the owner; the list of accounts is the owners' only. */
const NO_USERS: Read<UsersReply> = { key: "manage/users/ (not an owner)", load: async () => ({ users: [], invitations: [], team: [] }) };
export const staffFirstRead: FirstRead = ({ user }) => (user.role === "owner" ? usersRead : null);

export function StaffScreen() {
  const { api, user, announce } = useSession();
  const { locations, zoneOf } = useLocations();
  const now = useNow();
  const owner = user.role === "owner";
  const list = useLoad(owner ? usersRead : NO_USERS);
  const zone = zoneOf(locations[0]?.id);

  if (!owner) {
    return (
      <section aria-labelledby="staff-title">
        <ScreenHeading id="staff-title">Staff</ScreenHeading>
        <p>Only an owner of the business can invite or remove people. Ask one of them.</p>
      </section>
    );
  }

  const removal = useConfirmedAction<StaffUser>(async (member) => {
    await api.send("DELETE", `manage/users/${encodeURIComponent(member.id)}/`);
    list.update((data) => ({ ...data, users: data.users.filter((entry) => entry.id !== member.id) }));
    announce(`${member.email} removed: they are signed out everywhere.`);
  });
  const removing = removal.target;

  return (
    <section aria-labelledby="staff-title">
      <div className="screen__header">
        <ScreenHeading id="staff-title">Staff</ScreenHeading>
        <p className="muted">Everyone who can sign in to this workspace.</p>
      </div>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} what="people" />
      {list.data ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">People with access</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Last seen</th>
                {list.data.team.length > 0 ? <th scope="col">In the calendar</th> : null}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.users.map((member) => (
                <tr key={member.id}>
                  <td data-label="Email">
                    {member.email}
                    {member.id === user.id ? " (you)" : ""}
                  </td>
                  <td data-label="Role">{ROLE_TEXT[member.role]}</td>
                  <td data-label="Last seen">{member.last_seen_at ? formatAgo(member.last_seen_at, now) : "Never"}</td>
                  {list.data?.team.length ? (
                    <td data-label="In the calendar">
                      <TeamMemberSelect member={member} team={list.data.team} />
                    </td>
                  ) : null}
                  <td>
                    {member.id === user.id ? null : (
                      <button type="button" className="button button--small" onClick={() => removal.ask(member)}>
                        Remove<span className="visually-hidden"> {member.email}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {list.data.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="Email">{invitation.email}</td>
                  <td data-label="Role">{ROLE_TEXT[invitation.role]}</td>
                  <td data-label="Last seen">Invited, until {formatDay(invitation.expires_at, zone)}</td>
                  {list.data?.team.length ? <td /> : null}
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <InviteForm onInvited={(invitation) => list.update((data) => ({ ...data, invitations: [...data.invitations.filter((entry) => entry.email !== invitation.email), invitation] }))} />
      <ConfirmDialog {...removal.dialog} title={removing ? `Remove ${removing.email}?` : "Remove"} confirmLabel="Remove" busyLabel="Removing…" cancelLabel="Keep">
        <p>They are signed out at once and can no longer sign in. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  );
}
