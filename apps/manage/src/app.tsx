import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SessionReply, SessionStatusReply } from "@mainstreet/rules/api/manage-api";
import type { ManageScreen } from "@mainstreet/rules/workspace/workspace";
import { createApi, readApiBase, type Api } from "./api/client";
import { Shell } from "./components/shell";
import { LiveProvider, type LiveDeps } from "./live/live";
import { AcceptInvitation } from "./screens/accept-invitation";
import { AvailabilityScreen } from "./screens/availability";
import { CalendarScreen } from "./screens/calendar";
import { ForgotPassword } from "./screens/forgot-password";
import { KitchenScreen } from "./screens/kitchen";
import { MessagesScreen } from "./screens/messages";
import { OrdersScreen } from "./screens/orders";
import { ReservationsScreen } from "./screens/reservations";
import { ResetPassword } from "./screens/reset-password";
import { ReviewsScreen } from "./screens/reviews";
import { SignIn } from "./screens/sign-in";
import { LazySiteScreen, preloadSiteScreen } from "./site/site-screen-loader";
import { StaffScreen } from "./screens/staff";
import { SubscribersScreen } from "./screens/subscribers";
import { SessionProvider, type SessionValue } from "./session";
import type { ScreenProps } from "./types";
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

  useIdleAfterSignIn(session.kind === "signed-in", preloadSiteScreen);

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
    () => (session.kind === "signed-in" ? { api, user: session.reply.user, signOut, announce } : null),
    [api, session, signOut, announce],
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
