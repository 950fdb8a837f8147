import React, { useState } from "react";
import { ConfirmDialog } from "../components/dialog";
import { FieldError } from "../components/ui";
import { CheckField, MoveButtons, TextField } from "./menu-fields";
import { newId, recordId } from "./menu-model";
import { PhotoPicker } from "./photo-picker";
import type { SiteSectionProps } from "./section-props";
import { addMember, membersInOrder, moveMember, removeMember, staffingProblem, updateMember, type MemberInput } from "./team-model";

/**
 * The team on the Site screen: each person's name, role, bio and photo, shown on the site or hidden, in the
 * site's order. Hiding or removing the last person who can be booked at a location that takes appointments
 * is explained, never saved broken.
 */

function MemberEditor({ document, change, readOnly, errors, member, index, announce }: SiteSectionProps & { member: MemberInput; index: number; announce: (text: string) => void }) {
  const at = `team[${index}]`;
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const edit = (patch: (member: MemberInput) => MemberInput) => change((current) => updateMember(current, index, patch));
  const problemId = `member-problem-${recordId(member) || index}`;

  const setShown = (show: boolean) => {
    const next = updateMember(document, index, (entry) => ({ ...entry, show }));
    const refused = show ? null : staffingProblem(document, next, member.name, "hide");
    setProblem(refused);
    if (!refused) edit((entry) => ({ ...entry, show }));
  };
  const askRemove = () => {
    const refused = staffingProblem(document, removeMember(document, index), member.name, "remove");
    setProblem(refused);
    if (!refused) setRemoving(true);
  };

  return (
    <div className="site-editor" id={`member-editor-${recordId(member) || index}`}>
      <TextField label="Name" value={member.name ?? ""} onChange={(name) => edit((entry) => ({ ...entry, name }))} path={`${at}.name`} errors={errors} readOnly={readOnly} />
      <TextField label="Role" value={member.role ?? ""} onChange={(role) => edit((entry) => ({ ...entry, role }))} path={`${at}.role`} errors={errors} readOnly={readOnly} hint='Like "Senior Stylist".' />
      <TextField label="Bio" multiline value={member.bio ?? ""} onChange={(bio) => edit((entry) => ({ ...entry, bio }))} path={`${at}.bio`} errors={errors} readOnly={readOnly} />
      <CheckField label="Show on the site" checked={member.show ?? true} onChange={setShown} readOnly={readOnly} />
      <PhotoPicker label={`Photo of ${member.name}`} image={member.image} onChange={(image) => edit((entry) => ({ ...entry, image }))} path={`${at}.image`} errors={errors} readOnly={readOnly} />
      {readOnly ? null : (
        <button type="button" className="button button--danger" aria-describedby={problem ? problemId : undefined} onClick={askRemove}>
          Remove from the team
        </button>
      )}
      {problem ? (
        <p className="error" role="alert" id={problemId}>
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing}
        title={`Remove ${member.name} from the team?`}
        confirmLabel="Remove them"
        busyLabel="Removing…"
        cancelLabel="Keep them"
        busy={false}
        error={null}
        onConfirm={() => {
          setRemoving(false);
          change((current) => removeMember(current, index));
          announce(`${member.name} removed from the team.`);
        }}
        onClose={() => setRemoving(false)}
      >
        <p>Their page leaves the site when you publish. To keep them for booked appointments and the calendar but off the site, untick Show on the site instead.</p>
      </ConfirmDialog>
    </div>
  );
}

function AddMember({ change, announce, onAdded }: Pick<SiteSectionProps, "change"> & { announce: (text: string) => void; onAdded: (id: string) => void }) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<Map<string, string>>(new Map());
  const add = () => {
    if (name.trim() === "") {
      setProblem(new Map([["new.member", "Enter the new team member's name."]]));
      return;
    }
    setProblem(new Map());
    const id = newId(name.trim());
    change((document) => addMember(document, name.trim(), id));
    announce(`${name.trim()} added to the team.`);
    setName("");
    onAdded(id);
  };
  return (
    <div className="site-add site-add--inline">
      <TextField label="New team member's name" value={name} onChange={setName} path="new.member" errors={problem} readOnly={false} />
      <button type="button" className="button" onClick={add}>
        Add team member
      </button>
    </div>
  );
}

export function TeamSection(props: SiteSectionProps) {
  const { document, change, readOnly } = props;
  const ordered = membersInOrder(document.team);
  const [openId, setOpenId] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  return (
    <div className="site-section">
      {ordered.length === 0 ? <p className="muted">No one on the team yet.</p> : null}
      <ul className="site-list" aria-label="Team members">
        {ordered.map(({ member, index }, position) => {
          const id = recordId(member) || String(index);
          const open = openId === id;
          return (
            <li className="site-row" key={id}>
              <div className="site-row__line">
                <button type="button" id={`member-name-${id}`} className="site-row__name" aria-expanded={open} aria-controls={open ? `member-editor-${id}` : undefined} onClick={() => setOpenId(open ? null : id)}>
                  {member.name}
                </button>
                {member.role ? <span className="muted">{member.role}</span> : null}
                {member.show === false ? <span className="site-badge">Hidden</span> : null}
                {readOnly ? null : (
                  <MoveButtons
                    describedBy={`member-name-${id}`}
                    first={position === 0}
                    last={position === ordered.length - 1}
                    idPrefix={`move-member-${id}`}
                    onMove={(delta) => {
                      change((current) => moveMember(current, index, delta));
                      setMessage(`${member.name} moved to place ${position + 1 + delta} of ${ordered.length}.`);
                    }}
                  />
                )}
              </div>
              {open ? <MemberEditor {...props} member={member} index={index} announce={setMessage} /> : null}
            </li>
          );
        })}
      </ul>
      {readOnly ? null : <AddMember change={change} announce={setMessage} onAdded={setOpenId} />}
      <FieldError id="team-error" message={props.errors.get("team")} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
