import React, { useState } from "react";
import { useLocations } from "../session";
import { withOptional } from "./paths";
import type { SiteSectionProps } from "./section-props";
import { FieldMessage, TextField, fieldAttributes } from "./site-fields";
import type { SiteDocument } from "./site-document";

type Announcement = NonNullable<SiteDocument["announcement"]>;
type Settings = Announcement["settings"];

const DISMISSAL: { value: NonNullable<Settings["dismissalType"]>; label: string }[] = [
  { value: "session", label: "Hidden until they close the browser" },
  { value: "local_storage", label: "Hidden for good on that device" },
  { value: "disabled", label: "It comes back on every page" },
];

/** A new key for the dismissal: visitors who closed the announcement see it again. */
const newReference = () => `announcement-${Date.now().toString(36)}`;

const seconds = (ms: number | undefined) => (ms === undefined ? "" : String(ms / 1000));
const milliseconds = (value: string) => (value.trim() === "" || !Number.isFinite(Number(value)) ? undefined : Math.round(Number(value) * 1000));

function Timing({ announcement, setSettings, readOnly, errors }: { announcement: Announcement; setSettings: (edit: (settings: Settings) => Settings) => void } & Pick<SiteSectionProps, "readOnly" | "errors">) {
  const { locations } = useLocations();
  const settings = announcement.settings;
  const zone = settings.timezone ?? "UTC";
  const zones = [...new Set([zone, ...locations.map((location) => location.time_zone), "UTC"])];
  const path = (key: string) => `announcement.settings.${key}`;
  const zoneAttributes = fieldAttributes(path("timezone"), errors);
  const dismissAttributes = fieldAttributes(path("dismissalType"), errors, "site-dismiss-hint");
  const set = (key: keyof Settings, value: unknown) => setSettings((current) => withOptional(current, key, value));
  return (
    <fieldset className="site-group">
      <legend className="site-group__title">When it shows</legend>
      <TextField path={path("startTime")} label="From (optional)" type="datetime-local" value={settings.startTime ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => set("startTime", value)} />
      <TextField path={path("endTime")} label="Until (optional)" type="datetime-local" value={settings.endTime ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => set("endTime", value)} />
      <div className="field">
        <label htmlFor={zoneAttributes.id}>On the clock of</label>
        <select {...zoneAttributes} value={zone} disabled={readOnly} onChange={(event) => set("timezone", event.target.value)}>
          {zones.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </select>
        <FieldMessage path={path("timezone")} errors={errors} />
      </div>
      <TextField path={path("delay")} label="Seconds after the page opens" type="number" value={seconds(settings.delay ?? 0)} readOnly={readOnly} errors={errors} onChange={(value) => set("delay", milliseconds(value))} />
      <TextField path={path("duration")} label="Seconds it stays (optional)" type="number" hint="Empty: until the visitor closes it." value={seconds(settings.duration)} readOnly={readOnly} errors={errors} onChange={(value) => set("duration", milliseconds(value))} />
      <div className="field">
        <label htmlFor={dismissAttributes.id}>After a visitor closes it</label>
        <select {...dismissAttributes} value={settings.dismissalType ?? "session"} disabled={readOnly} onChange={(event) => set("dismissalType", event.target.value)}>
          {DISMISSAL.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p className="hint" id="site-dismiss-hint">
          Visitors who closed it see it again only once you press Show it again.
        </p>
        <FieldMessage path={path("dismissalType")} errors={errors} />
      </div>
      {readOnly ? null : (
        <button type="button" className="button" onClick={() => setSettings((current) => ({ ...current, referenceId: newReference() }))}>
          Show it again to people who closed it
        </button>
      )}
      <FieldMessage path={path("referenceId")} errors={errors} />
    </fieldset>
  );
}

/** The announcement above the navigation: on or off, its text and link, and when it shows. */
export function AnnouncementSection({ document, change, readOnly, errors }: SiteSectionProps) {
  const announcement = document.announcement;
  /** The announcement as it was when turned off, so turning it on again brings it back. */
  const [kept, setKept] = useState<Announcement | null>(null);
  const [starting, setStarting] = useState(false);
  const on = announcement !== undefined || starting;

  const turn = (next: boolean) => {
    if (!next) {
      setKept(announcement ?? null);
      setStarting(false);
      change(({ announcement: _removed, ...rest }) => rest);
    } else if (kept) change((current) => ({ ...current, announcement: kept }));
    else setStarting(true);
  };
  const setAnnouncement = (edit: (current: Announcement) => Announcement) => change((current) => (current.announcement ? { ...current, announcement: edit(current.announcement) } : current));
  const setText = (text: string) => {
    if (announcement) setAnnouncement((current) => ({ ...current, text }));
    else if (text.trim() !== "") {
      change((current) => ({ ...current, announcement: { text, settings: { referenceId: newReference() } } }));
      setStarting(false);
    }
  };
  const link = announcement?.link;
  const setLink = (key: "url" | "label", value: string) =>
    setAnnouncement((current) => {
      const next = { url: current.link?.url ?? "", label: current.link?.label ?? "", [key]: value };
      return next.url.trim() === "" && next.label.trim() === "" ? withOptional(current, "link", undefined) : { ...current, link: next };
    });

  return (
    <>
      <div className="field">
        <label className="choice" htmlFor="site-announcement-on">
          <input id="site-announcement-on" type="checkbox" checked={on} disabled={readOnly} onChange={(event) => turn(event.target.checked)} />
          Show an announcement above the navigation
        </label>
      </div>
      {on ? (
        <section className="site-group" aria-labelledby="site-announcement-title">
          <h3 id="site-announcement-title" className="site-group__title">
            Text and link
          </h3>
          {announcement ? null : <p className="hint">Write the text first: the announcement is saved once it has one.</p>}
          {announcement ? (
            <TextField path="announcement.title" label="Heading (optional)" value={announcement.title ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => setAnnouncement((current) => withOptional(current, "title", value))} />
          ) : null}
          <TextField path="announcement.text" label="Text" multiline value={announcement?.text ?? ""} readOnly={readOnly} errors={errors} onChange={setText} />
          {announcement ? (
            <>
              <TextField path="announcement.link.url" label="Link address (optional)" type="url" hint="A web address, or a page of the site like /services/." value={link?.url ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => setLink("url", value)} />
              <TextField path="announcement.link.label" label="Link text" value={link?.label ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => setLink("label", value)} />
            </>
          ) : null}
        </section>
      ) : null}
      {announcement ? <Timing announcement={announcement} setSettings={(edit) => setAnnouncement((current) => ({ ...current, settings: edit(current.settings) }))} readOnly={readOnly} errors={errors} /> : null}
    </>
  );
}
