import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from "react";
import { isApiError } from "@mainstreet/rules/api/api-error";
import type { SiteConflictDetail, SiteReply, SiteSaveReply } from "@mainstreet/rules/api/site-api";
import { errorMessage, type Api } from "../api/client";
import type { ReadCache } from "../reads";
import { siteRead } from "./site-read";
import { refusedFields, type RefusedField } from "./field-sentences";
import { changedValues, type ChangedValue } from "./paths";
import type { SiteDocument } from "./site-document";

/** Saved this long after the last edit: a word typed is one save, not one per letter. */
const SAVE_DELAY_MS = 800;
/** Waits before a save that could not reach the service is sent again. */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

export type SaveState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: number }
  | { kind: "invalid"; count: number }
  | { kind: "failed"; message: string; retrying: boolean }
  | { kind: "conflict"; message: string; current: SiteConflictDetail["current"] | null };

export interface SiteDraft {
  loading: boolean;
  loadError: string | null;
  document: SiteDocument | null;
  /** The draft's revision the document was loaded or last saved as. */
  revision: number | null;
  live: SiteReply["live"];
  save: SaveState;
  /** Sentences of the last refusal, by path inside the document. */
  errors: ReadonlyMap<string, string>;
  change: (edit: (document: SiteDocument) => SiteDocument) => void;
  /** Saves what is waiting at once; resolves when no save is left to send or in flight. */
  flush: () => Promise<void>;
  /** Reads the draft again (after a restore, or to take another owner's version after a conflict). */
  reload: () => Promise<void>;
  /** After a read failed: reads it again without dropping what is on screen or an edit made meanwhile. */
  readAgain: () => Promise<void>;
  /** After a conflict: loads their version and keeps the owner's own changes to show them. */
  loadTheirs: () => Promise<void>;
  /** What the owner had changed when a conflict stopped the save, shown once their version is loaded. */
  lostChanges: { changes: ChangedValue[]; document: SiteDocument } | null;
  dismissLostChanges: () => void;
}

const NO_ERRORS: ReadonlyMap<string, string> = new Map();


/** A save that never reached the service (or its answer never came back) is safe to send again: the revision check. */
const retriable = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

function conflictOf(error: unknown): { message: string; current: SiteConflictDetail["current"] | null } {
  const body = isApiError(error) && error.body !== null && typeof error.body === "object" ? (error.body as { detail?: Partial<SiteConflictDetail> }) : {};
  return { message: errorMessage(error), current: body.detail?.current ?? null };
}

/**
 * Leaving the screen, switching to another window, hiding the page or closing it saves at once; closing it with a save left asks first.
 * `flush` is read from its ref, so the listeners are added once.
 */
function useSaveOnLeaving(flush: MutableRefObject<() => Promise<void>>, unsaved: () => boolean) {
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  useEffect(() => {
    const hidden = () => {
      if (window.document.visibilityState === "hidden") void flush.current();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (!unsavedRef.current()) return;
      void flush.current();
      event.preventDefault();
      event.returnValue = "";
    };
    const now = () => void flush.current();
    window.document.addEventListener("visibilitychange", hidden);
    window.addEventListener("beforeunload", leaving);
    window.addEventListener("pagehide", now);
    window.addEventListener("blur", now);
    return () => {
      window.document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("beforeunload", leaving);
      window.removeEventListener("pagehide", now);
      window.removeEventListener("blur", now);
      void flush.current();
    };
  }, [flush]);
}

/**
 * The draft of the Site screen: loads `GET manage/site/`, applies every change at once, and saves it with
 * `PUT manage/site/ { revision, data }` SAVE_DELAY_MS after the last edit (at once on `flush`). One save of
 * the document is in flight at a time; edits made meanwhile go in the next. A save that could not reach the
 * service is sent again as it was (its revision makes that safe) before any later edit; a 409 stops saving
 * until the owner loads the other version; a 422 names its fields.
 *
 * The screen opens on the draft as this signing-in last had it (`reads`), and reads it again at once: the same
 * revision keeps what the owner changed meanwhile; another revision is shown instead, with those changes listed
 * as after a conflict. So an opening never waits for the service, and never loses an edit.
 */
export function useSiteDraft(api: Api, reads: ReadCache, clock: () => number = Date.now): SiteDraft {
  // The session's copy, read once: later changes to the cache are this hook's own.
  const [kept] = useState(() => reads.get<SiteReply>(siteRead.key));
  const [loaded, setLoaded] = useState<{ loading: boolean; error: string | null; live: SiteReply["live"] }>({ loading: true, error: null, live: kept?.live ?? null });
  const [document, setDocument] = useState<SiteDocument | null>((kept?.data as SiteDocument | undefined) ?? null);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [lostChanges, setLostChanges] = useState<SiteDraft["lostChanges"]>(null);
  const [revisionShown, setRevisionShown] = useState<number | null>(kept?.revision ?? null);
  const [refused, setRefused] = useState<RefusedField[]>([]);

  const current = useRef<SiteDocument | null>((kept?.data as SiteDocument | undefined) ?? null);
  /** The document as the service holds it at `revision`. */
  const stored = useRef<SiteDocument | null>(current.current);
  const revision = useRef<number | null>(kept?.revision ?? null);
  /** What the service said of the live site with the last answer: kept with the draft for the next opening. */
  const live = useRef<SiteReply["live"]>(kept?.live ?? null);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  /** A save whose answer never came: sent again, as it was, before anything newer. */
  const resend = useRef<SiteDocument | null>(null);
  const attempts = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** A conflict: nothing is saved until the owner loads the other version. */
  const stopped = useRef(false);
  const flushRef = useRef<() => Promise<void>>(async () => undefined);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const later = (delay: number) => {
    clearTimer();
    timer.current = setTimeout(() => void flushRef.current(), delay);
  };

  const flush = useCallback((): Promise<void> => {
    clearTimer();
    if (inFlight.current) return inFlight.current.then(() => flushRef.current());
    if (stopped.current || revision.current === null) return Promise.resolve();
    const data = resend.current ?? (dirty.current ? current.current : null);
    if (!data) return Promise.resolve();
    if (resend.current) resend.current = null;
    else dirty.current = false;
    setSave({ kind: "saving" });
    const run = api
      .send<SiteSaveReply>("PUT", "manage/site/", { revision: revision.current, data })
      .then(
        (reply) => {
          revision.current = reply.revision;
          stored.current = data;
          reads.set<SiteReply>(siteRead.key, { revision: reply.revision, data, live: live.current });
          attempts.current = 0;
          setRevisionShown(reply.revision);
          setRefused([]);
          setSave(dirty.current ? { kind: "pending" } : { kind: "saved", at: clock() });
          // Edits made while a resent save was out had no save of their own waiting.
          if (dirty.current && timer.current === null) later(SAVE_DELAY_MS);
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 409) {
            stopped.current = true;
            dirty.current = true;
            setSave({ kind: "conflict", ...conflictOf(error) });
          } else if (isApiError(error) && error.status === 422) {
            const fields = refusedFields(error.body);
            setRefused(fields);
            setSave({ kind: "invalid", count: fields.length });
          } else if (retriable(error)) {
            resend.current = data;
            const delay = RETRY_DELAYS_MS[Math.min(attempts.current, RETRY_DELAYS_MS.length - 1)];
            attempts.current += 1;
            setSave({ kind: "failed", message: errorMessage(error), retrying: true });
            later(delay);
          } else {
            dirty.current = true;
            setSave({ kind: "failed", message: errorMessage(error), retrying: false });
          }
        },
      )
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run;
  }, [api, reads, clock]);
  flushRef.current = flush;

  const change = useCallback((edit: (document: SiteDocument) => SiteDocument) => {
    if (current.current === null) return;
    const next = edit(current.current);
    if (next === current.current) return;
    current.current = next;
    setDocument(next);
    dirty.current = true;
    if (stopped.current) return;
    setSave((previous) => (previous.kind === "saving" ? previous : { kind: "pending" }));
    if (!resend.current) later(SAVE_DELAY_MS);
  }, []);

  /** Shows the service's draft, dropping whatever was shown. */
  const apply = useCallback(
    (reply: SiteReply) => {
      const data = reply.data as SiteDocument;
      current.current = data;
      stored.current = data;
      revision.current = reply.revision;
      live.current = reply.live;
      dirty.current = false;
      resend.current = null;
      stopped.current = false;
      attempts.current = 0;
      reads.set(siteRead.key, reply);
      setDocument(data);
      setRevisionShown(reply.revision);
      setSave({ kind: "idle" });
      setRefused([]);
      setLoaded({ loading: false, error: null, live: reply.live });
    },
    [reads],
  );

  const reload = useCallback(async () => {
    clearTimer();
    if (inFlight.current) await inFlight.current;
    setLoaded((previous) => ({ ...previous, loading: true, error: null }));
    try {
      apply(await siteRead.load(api));
    } catch (error) {
      setLoaded((previous) => ({ ...previous, loading: false, error: errorMessage(error) }));
    }
  }, [api, apply]);

  const loadTheirs = useCallback(async () => {
    const mine = current.current;
    const base = stored.current;
    await reload();
    if (mine && base && current.current !== mine) setLostChanges({ changes: changedValues(base, mine), document: mine });
  }, [reload]);

  /**
   * The service's draft, read while a copy is on screen (the kept one when the screen opens, or after a read that
   * failed): it confirms or replaces the copy, and an edit the owner made meanwhile is never dropped.
   */
  const confirm = useCallback(
    (reply: SiteReply) => {
      const edited = dirty.current || inFlight.current !== null || resend.current !== null || stopped.current;
      // Saved since the read was asked (the owner was quick): the save's answer is newer than this one.
      if (revision.current !== null && reply.revision < revision.current) setLoaded((previous) => ({ ...previous, loading: false, error: null }));
      else if (!edited) apply(reply);
      else if (reply.revision === revision.current) {
        // Edited over the very revision the service holds: the edit stands and is saved as planned.
        live.current = reply.live;
        setLoaded({ loading: false, error: null, live: reply.live });
      } else {
        const mine = current.current;
        const base = stored.current;
        clearTimer();
        apply(reply);
        if (mine && base) setLostChanges({ changes: changedValues(base, mine), document: mine });
      }
    },
    [apply],
  );

  /** Reads the draft again after a read failed: over a copy on screen, as when opening (`confirm`). */
  const readAgain = useCallback(async () => {
    if (!current.current) return reload();
    setLoaded((previous) => ({ ...previous, loading: true, error: null }));
    try {
      confirm(await siteRead.load(api));
    } catch (error) {
      setLoaded((previous) => ({ ...previous, loading: false, error: errorMessage(error) }));
    }
  }, [api, confirm, reload]);

  // Opening: the kept copy (if any) is on screen already; the service's answer confirms or replaces it.
  useEffect(() => {
    if (!kept) {
      void reload();
      return;
    }
    let open = true;
    siteRead.load(api).then(
      (reply) => open && confirm(reply),
      (error: unknown) => open && setLoaded((previous) => ({ ...previous, loading: false, error: errorMessage(error) })),
    );
    return () => {
      open = false;
    };
  }, [api, confirm, kept, reload]);

  useSaveOnLeaving(flushRef, () => dirty.current || inFlight.current !== null || resend.current !== null);

  const errors = useMemo<ReadonlyMap<string, string>>(() => (refused.length > 0 ? new Map(refused.map((field) => [field.path, field.sentence])) : NO_ERRORS), [refused]);

  return {
    loading: loaded.loading,
    loadError: loaded.error,
    readAgain,
    document,
    revision: revisionShown,
    live: loaded.live,
    save,
    errors,
    change,
    flush,
    reload,
    loadTheirs,
    lostChanges,
    dismissLostChanges: useCallback(() => setLostChanges(null), []),
  };
}
