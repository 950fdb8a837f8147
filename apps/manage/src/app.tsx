import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { MerchantUser, SessionReply, SessionStatusReply } from "@mainstreet/rules/api/manage-api";
import { MANAGE_SCREENS, type ManageScreen } from "@mainstreet/rules/workspace/workspace";
import { createApi, readApiBase, type Api } from "./api/client";
import { Shell } from "./components/shell";
import { LiveProvider, type LiveDeps } from "./live/live";
import { AcceptInvitation } from "./screens/accept-invitation";
import { availabilityFirstRead, AvailabilityScreen } from "./screens/availability";
import { calendarFirstRead, CalendarScreen } from "./screens/calendar";
import { ForgotPassword } from "./screens/forgot-password";
import { KitchenScreen } from "./screens/kitchen";
import { messagesFirstRead, MessagesScreen } from "./screens/messages";
import { ordersFirstRead, OrdersScreen } from "./screens/orders";
import { reservationsFirstRead, ReservationsScreen } from "./screens/reservations";
import { ResetPassword } from "./screens/reset-password";
import { reviewsFirstRead, ReviewsScreen } from "./screens/reviews";
import { SignIn } from "./screens/sign-in";
import { siteRead } from "./site/site-read";
import { LazySiteScreen, preloadSiteScreen } from "./site/site-screen-loader";
import { staffFirstRead, StaffScreen } from "./screens/staff";
import { subscribersFirstRead, SubscribersScreen } from "./screens/subscribers";
import { SessionProvider, type SessionValue } from "./session";
import type { FirstRead, ScreenProps } from "./types";
import { ReadCache } from "./reads";
import { navigate, useHashRoute } from "./use-hash-route";

export interface AppDeps extends LiveDeps {
  fetch?: typeof fetch;
}

type SessionState = { kind: "checking" } | { kind: "signed-out"; notice: string | null } | { kind: "signed-in"; reply: SessionReply };

const SCREENS: Record<ManageScreen, (props: ScreenProps) => React.JSX.Element> = {
  orders: OrdersScreen,
  kitchen: KitchenScreen,
  availability: AvailabilityScreen,
  reservations: ReservationsScreen,
  calendar: CalendarScreen,
  messages: MessagesScreen,
  reviews: ReviewsScreen,
  subscribers: SubscribersScreen,
  site: LazySiteScreen,
  staff: StaffScreen,
};

/**
 * What each screen reads as the navigation opens it, read ahead at idle after signing in so that a first visit shows
 * its list at once (the screen reads it again behind it). The queue and the kitchen show what the live stream holds;
 * for Orders it is the Recent view's list, one click away.
 */
const FIRST_READS: Partial<Record<ManageScreen, FirstRead>> = {
  orders: ordersFirstRead,
  site: () => siteRead,
  availability: availabilityFirstRead,
  reservations: reservationsFirstRead,
  calendar: calendarFirstRead,
  messages: messagesFirstRead,
  reviews: reviewsFirstRead,
  subscribers: subscribersFirstRead,
  staff: staffFirstRead,
};

/** The Site screen's code, then each screen's first list, one after another (the service is not flooded). */
async function readAhead(api: Api, reads: ReadCache, user: MerchantUser): Promise<void> {
  await preloadSiteScreen().catch(() => undefined);
  for (const screen of MANAGE_SCREENS) {
    const first = FIRST_READS[screen]?.({ user, now: Date.now() });
    if (first) await reads.preload(api, first);
  }
}

/** A polite live region the whole app speaks through; the same text twice is still read twice. */
function useAnnouncer(): [string, (text: string) => void] {
  const [message, setMessage] = useState("");
  const announce = useCallback((text: string) => {
    setMessage("");
    window.setTimeout(() => setMessage(text), 50);
  }, []);
  return [message, announce];
}

/** Runs `work` once, when the browser is first idle after the session is known to be signed in. */
function useIdleAfterSignIn(signedIn: boolean, work: () => Promise<unknown>): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const run = () => void work().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(run, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(run, 2_000);
    return () => window.clearTimeout(timer);
  }, [signedIn, work]);
}

export function App({ deps = {} }: { deps?: AppDeps }) {
  const route = useHashRoute();
  const [session, setSession] = useState<SessionState>({ kind: "checking" });
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const [announcement, announce] = useAnnouncer();

  const api: Api = useMemo(
    () =>
      createApi({
        base: readApiBase(),
        fetch: deps.fetch,
        csrfToken: () => (sessionRef.current.kind === "signed-in" ? sessionRef.current.reply.csrf_token : null),
        onUnauthorized: () => {
          if (sessionRef.current.kind === "signed-in") setSession({ kind: "signed-out", notice: "Your session has ended. Sign in again to go on." });
        },
      }),
    [deps.fetch],
  );

  useEffect(() => {
    let current = true;
    // Asked of a call that answers 200 either way: a signed-out load logs no refused request.
    api.get<SessionStatusReply>("manage/session/status/").then(
      (status) => current && setSession(status.signed_in ? { kind: "signed-in", reply: { user: status.user, csrf_token: status.csrf_token } } : { kind: "signed-out", notice: null }),
      () => current && setSession({ kind: "signed-out", notice: null }),
    );
    return () => {
      current = false;
    };
  }, [api]);

  // A new cache for each signing-in: nothing read for one account is shown to another.
  const reads = useMemo(() => new ReadCache(), [session]);
  const readAheadNow = useCallback(() => (session.kind === "signed-in" ? readAhead(api, reads, session.reply.user) : Promise.resolve()), [api, reads, session]);
  useIdleAfterSignIn(session.kind === "signed-in", readAheadNow);

  const signedIn = useCallback((reply: SessionReply) => {
    setSession({ kind: "signed-in", reply });
    navigate({ screen: "orders", view: null }, { replace: true });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.send("DELETE", "manage/session/");
    } finally {
      setSession({ kind: "signed-out", notice: "You have signed out." });
      navigate({ screen: "sign-in" }, { replace: true });
    }
  }, [api]);

  const value: SessionValue | null = useMemo(
    () => (session.kind === "signed-in" ? { api, user: session.reply.user, signOut, announce, reads } : null),
    [api, session, signOut, announce, reads],
  );

  let body: React.JSX.Element;
  if (route.screen === "accept") {
    body = <AcceptInvitation api={api} token={route.token} onAccepted={signedIn} />;
  } else if (route.screen === "forgot") {
    body = <ForgotPassword api={api} />;
  } else if (route.screen === "reset") {
    body = <ResetPassword api={api} token={route.token} onReset={signedIn} />;
  } else if (session.kind === "checking") {
    body = (
      <main className="screen screen--narrow">
        <p role="status">Opening the workspace…</p>
      </main>
    );
  } else if (session.kind === "signed-out" || !value) {
    body = <SignIn api={api} notice={session.kind === "signed-out" ? session.notice : null} onSignedIn={signedIn} />;
  } else {
    const screenRoute = route.screen === "sign-in" ? { screen: "orders" as const, view: null } : route;
    const Screen = SCREENS[screenRoute.screen];
    body = (
      <SessionProvider value={value}>
        <LiveProvider deps={deps}>
          <Shell route={screenRoute}>
            <Screen key={screenRoute.screen} view={screenRoute.view} />
          </Shell>
        </LiveProvider>
      </SessionProvider>
    );
  }

  return (
    <>
      {body}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
