import React, { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AvailabilityItem, KitchenState, OrderTicket } from "@mainstreet/rules/api/manage-api";
import type { CalendarEntry } from "@mainstreet/rules/api/manage-appointments-api";
import { emptyQueue, updateQueue, waitingCount, type QueueAction, type QueueState } from "../orders/queue";
import { useSession } from "../session";
import { errorMessage } from "../api/client";
import { AlertSound } from "./alert-sound";
import { LiveStream, type ConnectionState } from "./stream";

/**
 * What every screen shares while the workspace is open: the one event stream, the order queue it keeps
 * current, the kitchen settings, and the new-order alert (chime, highlight, announcement) — on whatever
 * screen the merchant is, since an order must not wait because someone is marking items sold out.
 */

/** While an order waits to be accepted, the chime sounds again this often. */
const REMINDER_MS = 30_000;

type Listener<T> = (value: T) => void;

export interface LiveValue {
  connection: ConnectionState;
  queue: QueueState;
  queueError: string | null;
  /** Applies an order the service answered with (a status change), before its stream event arrives. */
  applyOrder(ticket: OrderTicket): void;
  reloadQueue(): Promise<void>;
  kitchen: KitchenState[] | null;
  kitchenError: string | null;
  reloadKitchen(): Promise<void>;
  applyKitchen(state: KitchenState): void;
  /** Orders as they change (the Recent view adds completed and cancelled ones). */
  onOrder(listener: Listener<OrderTicket>): () => void;
  onAvailability(listener: Listener<AvailabilityItem | null>): () => void;
  /** Calendar entries as they change; null: more was missed than the stream resends (read the days again). */
  onAppointment(listener: Listener<CalendarEntry | null>): () => void;
  sound: AlertSound;
  soundOn: boolean;
  /** The latest order that came in while the workspace was open, until it is accepted. */
  latestArrival: OrderTicket | null;
}

const LiveContext = createContext<LiveValue | null>(null);

export function useLive(): LiveValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error("useLive: outside LiveProvider");
  return value;
}

export interface LiveDeps {
  EventSource?: typeof EventSource;
  sound?: AlertSound;
}

function useEmitter<T>() {
  const listeners = useRef(new Set<Listener<T>>());
  const subscribe = useCallback((listener: Listener<T>) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const emit = useCallback((value: T) => {
    for (const listener of listeners.current) listener(value);
  }, []);
  return useMemo(() => ({ subscribe, emit }), [subscribe, emit]);
}

/** Keeps a tablet's screen on while sound is on and the page is shown (the counter screen must not sleep). */
function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!active || !wakeLock) return;
    let lock: { release(): Promise<void> } | null = null;
    let ended = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock.request("screen").then(
        (granted) => {
          if (ended) void granted.release();
          else lock = granted;
        },
        () => undefined,
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, [active]);
}

export function LiveProvider({ children, deps = {} }: { children: ReactNode; deps?: LiveDeps }) {
  const { api, announce } = useSession();
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [queue, setQueue] = useState<QueueState>(emptyQueue);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [kitchen, setKitchen] = useState<KitchenState[] | null>(null);
  const [kitchenError, setKitchenError] = useState<string | null>(null);
  const queueRef = useRef<QueueState>(emptyQueue);
  const loadedOnce = useRef(false);
  const sound = useMemo(() => deps.sound ?? new AlertSound(), [deps.sound]);
  const [soundOn, setSoundOn] = useState(() => sound.on);
  const orders = useEmitter<OrderTicket>();
  const availability = useEmitter<AvailabilityItem | null>();
  const appointments = useEmitter<CalendarEntry | null>();

  useEffect(() => sound.subscribe(() => setSoundOn(sound.on)), [sound]);
  useWakeLock(soundOn);

  const apply = useCallback(
    (action: QueueAction) => {
      const { state, fresh } = updateQueue(queueRef.current, action);
      queueRef.current = state;
      setQueue(state);
      if (fresh.length > 0) {
        sound.chime();
        const newest = fresh[fresh.length - 1];
        announce(fresh.length === 1 ? `New order ${newest.number} for ${newest.fulfillment.method}.` : `${fresh.length} new orders.`);
      }
    },
    [announce, sound],
  );

  const reloadQueue = useCallback(async () => {
    const announceNew = loadedOnce.current;
    try {
      const { orders: tickets } = await api.get<{ orders: OrderTicket[] }>("manage/orders/?view=active");
      loadedOnce.current = true;
      setQueueError(null);
      apply({ type: "loaded", tickets, announce: announceNew });
    } catch (error) {
      setQueueError(errorMessage(error));
    }
  }, [api, apply]);

  const reloadKitchen = useCallback(async () => {
    try {
      const { locations } = await api.get<{ locations: KitchenState[] }>("manage/kitchen/");
      setKitchenError(null);
      setKitchen(locations);
    } catch (error) {
      setKitchenError(errorMessage(error));
    }
  }, [api]);

  const applyKitchen = useCallback((state: KitchenState) => {
    setKitchen((current) => (current ?? []).map((entry) => (entry.location_id === state.location_id ? state : entry)));
  }, []);

  const applyOrder = useCallback(
    (ticket: OrderTicket) => {
      apply({ type: "order", ticket });
      orders.emit(ticket);
    },
    [apply, orders],
  );

  useEffect(() => {
    void reloadQueue();
    void reloadKitchen();
    const stream = new LiveStream(
      api.url("manage/orders/stream/"),
      {
        onState: setConnection,
        onOpen: () => {
          // Also on the first opening: an order placed between the first read and the stream is not lost.
          void reloadQueue();
          void reloadKitchen();
        },
        onResync: () => {
          void reloadQueue();
          void reloadKitchen();
          availability.emit(null);
          appointments.emit(null);
        },
        onOrder: applyOrder,
        onKitchen: applyKitchen,
        onAppointment: (entry) => appointments.emit(entry),
        onAvailability: (change) => availability.emit(change && typeof change === "object" && "item_id" in change ? (change as AvailabilityItem) : null),
      },
      {
        EventSource: deps.EventSource,
        online: () => navigator.onLine !== false,
        sessionAlive: () =>
          api.get("manage/session/").then(
            () => true,
            (error: unknown) => {
              if (error && typeof error === "object" && "status" in error && error.status === 401) return false;
              throw error;
            },
          ),
      },
    );
    stream.start();
    return () => stream.stop();
  }, [api, applyKitchen, applyOrder, appointments, availability, deps.EventSource, reloadKitchen, reloadQueue]);

  const waiting = waitingCount(queue);
  useEffect(() => {
    if (waiting === 0 || !soundOn) return;
    const timer = setInterval(() => sound.chime(), REMINDER_MS);
    return () => clearInterval(timer);
  }, [waiting, soundOn, sound]);

  const latestId = queue.arrived[queue.arrived.length - 1];
  const latestArrival = latestId ? (queue.tickets.find((ticket) => ticket.id === latestId) ?? null) : null;

  const value: LiveValue = {
    connection,
    queue,
    queueError,
    applyOrder,
    reloadQueue,
    kitchen,
    kitchenError,
    reloadKitchen,
    applyKitchen,
    onOrder: orders.subscribe,
    onAvailability: availability.subscribe,
    onAppointment: appointments.subscribe,
    sound,
    soundOn,
    latestArrival,
  };
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}
