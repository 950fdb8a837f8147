import React, { useId, useState } from "react";
import type { ManageMessage as Message, MessageKind, MessagesReply } from "@mainstreet/rules/api/manage-api";
import type { ScreenProps } from "../types";
import { ActionButton, ErrorText, LoadState, ScreenHeading, useNow, ViewLinks } from "../components/ui";
import { formatAgo, formatDay, formatTime } from "../format";
import { personName } from "../people";
import { useLocations, useSession } from "../session";
import type { FirstRead } from "../types";
import { read } from "../reads";
import { useLoad } from "../use-load";

const messagesRead = (kind: MessageKind) => read(`manage/messages/?kind=${kind}`, (reply: MessagesReply) => reply.messages);
export const messagesFirstRead: FirstRead = () => messagesRead("contact");

function MessageCard({ message, now, onRead }: { message: Message; now: number; onRead: (message: Message) => void }) {
  const { api, announce } = useSession();
  const { location, zoneOf } = useLocations();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const zone = zoneOf(message.location_id);
  const unread = message.read_at === null;
  const title = message.kind === "application" ? `${personName(message.name)}${message.role ? `, for ${message.role}` : ""}` : message.subject || `Message from ${personName(message.name, true)}`;
  return (
    <article className={`card message${unread ? " message--unread" : ""}`} aria-labelledby={titleId}>
      <header className="ticket__header">
        <h2 id={titleId} className="message__title">
          {title}
        </h2>
        {unread ? <span className="badge badge--placed">Unread</span> : <span className="badge">Read</span>}
      </header>
      <p className="ticket__meta">
        {personName(message.name)} · <a href={`mailto:${message.email}`}>{message.email}</a>
        {message.phone ? (
          <>
            {" · "}
            <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}>{message.phone}</a>
          </>
        ) : null}
        {" · "}
        {formatDay(message.created_at, zone)} {formatTime(message.created_at, zone)} ({formatAgo(message.created_at, now)})
        {location(message.location_id) ? ` · ${location(message.location_id)?.name}` : ""}
      </p>
      <p className="message__body">{message.message}</p>
      {unread ? (
        <div className="ticket__actions">
          <ActionButton
            busyLabel="Saving…"
            onError={setError}
            onAction={async () => {
              await api.send("POST", `manage/messages/${encodeURIComponent(message.id)}/read/`);
              onRead({ ...message, read_at: new Date().toISOString() });
              announce(`Marked as read: ${title}.`);
            }}
          >
            Mark read<span className="visually-hidden"> ({title})</span>
          </ActionButton>
        </div>
      ) : null}
      <ErrorText message={error} />
    </article>
  );
}

export function MessagesScreen({ view }: ScreenProps) {
  const kind: MessageKind = view === "application" ? "application" : "contact";
  const now = useNow();
  const list = useLoad(messagesRead(kind));
  const messages = [...(list.data ?? [])].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
  const unread = messages.filter((message) => message.read_at === null).length;
  return (
    <section aria-labelledby="messages-title">
      <div className="screen__header">
        <ScreenHeading id="messages-title">{kind === "application" ? "Job applications" : "Messages"}</ScreenHeading>
        <ViewLinks
          label="Messages"
          links={[
            { label: "Messages", route: { screen: "messages", view: null }, current: kind === "contact" },
            { label: "Job applications", route: { screen: "messages", view: "application" }, current: kind === "application" },
          ]}
        />
        {list.data ? <p className="muted">{unread === 0 ? "All read." : `${unread} unread.`}</p> : null}
      </div>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} what={kind === "application" ? "applications" : "messages"} />
      {list.data && messages.length === 0 ? <p className="empty">{kind === "application" ? "No applications yet." : "No messages yet."}</p> : null}
      <div className="messages">
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} now={now} onRead={(read) => list.update((entries) => entries.map((entry) => (entry.id === read.id ? read : entry)))} />
        ))}
      </div>
    </section>
  );
}
