import React, { useId, useState } from "react";
import type { UsersReply } from "@mainstreet/rules/api/manage-api";
import { ErrorText } from "../components/ui";
import { useSession } from "../session";
import { useSubmit } from "./fields";

type StaffUser = UsersReply["users"][number];

/**
 * Which team member an account is (the Staff screen, owners only): saved as it is chosen; the Calendar
 * then opens on that person's column when they sign in.
 */
export function TeamMemberSelect({ member, team }: { member: StaffUser; team: UsersReply["team"] }) {
  const { api, announce } = useSession();
  const id = useId();
  const [value, setValue] = useState(member.team_member_id ?? "");
  const submit = useSubmit();
  const choose = (next: string) =>
    submit.run(async () => {
      await api.send("PUT", `manage/users/${encodeURIComponent(member.id)}/`, { team_member_id: next || null });
      setValue(next);
      const name = team.find((person) => person.id === next)?.name;
      announce(name ? `${member.email} is ${name} in the calendar.` : `${member.email} is no longer linked to a team member.`);
    });
  return (
    <div className="field">
      <label htmlFor={id} className="visually-hidden">
        Team member of {member.email}
      </label>
      <select id={id} value={value} aria-disabled={submit.busy} onChange={(event) => void choose(event.target.value)}>
        <option value="">Not on the team</option>
        {team.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      <ErrorText message={submit.error} />
    </div>
  );
}
