import React, { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { manageHash, type ManageRoute, type ManageScreen } from "@mainstreet/rules/workspace/workspace";
import { useLive } from "../live/live";
import { BellIcon } from "./icons";
import { waitingCount } from "../orders/queue";
import { useSession } from "../session";
import type { ConnectionState } from "../live/stream";

const SCREEN_LABELS: Record<ManageScreen, string> = {
  orders: "Orders",
  kitchen: "Kitchen",
  availability: "Availability",
  reservations: "Reservations",
  calendar: "Calendar",
  messages: "Messages",
  reviews: "Reviews",
  subscribers: "Subscribers",
  site: "Site",
  staff: "Staff",
};

const OWNER_ONLY: readonly ManageScreen[] = ["staff"];

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  offline: "Offline",
};

function ConnectionBadge() {
  const { connection } = useLive();
  return (
    <p className={`connection connection--${connection}`} role="status" title="Orders arrive on this screen as they are placed while it says Live">
      <span className="connection__dot" aria-hidden="true" />
      <span>
        <span className="visually-hidden">Order updates: </span>
        {CONNECTION_TEXT[connection]}
      </span>
    </p>
  );
}

function SoundControl() {
  const { sound, soundOn, queue } = useLive();
  const [error, setError] = useState<string | null>(null);
  if (!sound.supported) return <p className="muted sound-note">This browser cannot play the new-order sound.</p>;
  const toggle = async () => {
    setError(null);
    if (soundOn) {
      await sound.turnOff();
      return;
    }
    const on = await sound.turnOn().catch(() => false);
    if (!on) setError("The browser did not allow sound. Press the button again.");
  };
  const waiting = waitingCount(queue) > 0;
  return (
    <div className="sound">
      <button type="button" className={soundOn ? "button button--quiet" : `button button--sound${waiting ? " button--attention" : ""}`} onClick={() => void toggle()}>
        <BellIcon off={!soundOn} />{" "}
        {soundOn ? "Turn off sound" : sound.wanted ? "Turn sound back on" : "Turn on sound"}
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ArrivalBanner({ route }: { route: ManageRoute }) {
  const { latestArrival } = useLive();
  if (!latestArrival || route.screen === "orders") return null;
  return (
    <div className="arrival">
      <strong>New order {latestArrival.number}</strong> for {latestArrival.fulfillment.method}.{" "}
      <a href={manageHash({ screen: "orders", view: null })}>Open the order queue</a>
    </div>
  );
}

/**
 * The sticky top bar's height as `--topbar-height` on the document: what scrolls under the bar keeps clear of it
 * (the page's scroll padding, so a focused field is never hidden behind it, and the sticky parts below it).
 */
function useTopbarHeight(topbar: React.RefObject<HTMLElement>): void {
  useEffect(() => {
    const element = topbar.current;
    if (!element || typeof ResizeObserver === "undefined") return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--topbar-height", `${Math.ceil(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--topbar-height");
    };
  }, [topbar]);
}

export function Shell({ route, children }: { route: ManageRoute & { screen: ManageScreen }; children: ReactNode }) {
  const { user, signOut } = useSession();
  const { queue } = useLive();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const main = useRef<HTMLElement>(null);
  const topbar = useRef<HTMLElement>(null);
  const menuId = useId();
  const waiting = waitingCount(queue);
  const screens = (Object.keys(SCREEN_LABELS) as ManageScreen[]).filter((screen) => user.role === "owner" || !OWNER_ONLY.includes(screen));

  useEffect(() => setMenuOpen(false), [route.screen]);
  useTopbarHeight(topbar);
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ""}${SCREEN_LABELS[route.screen]} · ${user.business_name} workspace`;
  }, [route.screen, waiting, user.business_name]);

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        Skip to content
      </button>
      <header className="topbar" ref={topbar}>
        <div className="topbar__row">
          <p className="topbar__business">
            {user.business_name}
            <span className="topbar__user">
              {user.email} · {user.role === "owner" ? "Owner" : "Staff"}
            </span>
          </p>
          <div className="topbar__tools">
            <ConnectionBadge />
            <SoundControl />
          </div>
        </div>
        <div className="topbar__row">
          <nav aria-label="Workspace" className="nav">
            <button type="button" className="button nav__toggle" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((open) => !open)}>
              Menu{waiting > 0 ? ` (${waiting} new)` : ""}
            </button>
            <ul id={menuId} className="nav__list" data-open={menuOpen}>
              {screens.map((screen) => (
                <li key={screen}>
                  <a href={manageHash({ screen, view: null })} className="nav__link" aria-current={route.screen === screen ? "page" : undefined}>
                    {SCREEN_LABELS[screen]}
                    {screen === "orders" && waiting > 0 ? (
                      <span className="count">
                        {waiting}
                        <span className="visually-hidden"> waiting</span>
                      </span>
                    ) : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={signingOut}
            onClick={() => {
              if (signingOut) return;
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          >
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </header>
      <ArrivalBanner route={route} />
      <main id="main" ref={main} tabIndex={-1} className="screen">
        {children}
      </main>
    </div>
  );
}
