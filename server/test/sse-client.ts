import { request, type IncomingMessage } from "node:http";

/**
 * A small server-sent events client for the tests and the stream benchmark: connects with the workspace
 * cookie (and Last-Event-ID), parses events as a browser's EventSource does, and lets a test await the next
 * event that matches.
 */
interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingMessage["headers"];
  events: SseEvent[];
  /** Comments seen (`: ping`). */
  comments: string[];
  /** Resolves with the first event (already received or still to come) after index `from` that matches. */
  next(match: (event: SseEvent) => boolean, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves at the next comment. */
  nextComment(): Promise<string>;
  close(): void;
  /** The body, when the server answered with an error instead of a stream. */
  body: () => string;
}

export function connectSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters: { match: (event: SseEvent) => boolean; from: number; resolve: (event: SseEvent) => void }[] = [];
      const commentWaiters: ((text: string) => void)[] = [];
      let buffer = "";
      let raw = "";
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const check = () => {
        for (const waiter of [...waiters]) {
          const found = events.slice(waiter.from).find(waiter.match);
          if (found) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(found);
          }
        }
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: SseEvent = { id: null, event: "message", data: "" };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) {
              const text = line.slice(1).trim();
              comments.push(text);
              for (const waiter of commentWaiters.splice(0)) waiter(text);
              continue;
            }
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "id") event.id = value;
            else if (field === "event") event.event = value;
            else if (field === "data") event.data = event.data ? `${event.data}\n${value}` : value;
            else continue;
            isEvent = true;
          }
          if (isEvent && (event.data !== "" || event.event !== "message")) events.push(event);
        }
        check();
      });
      res.on("end", () => endedResolve());
      res.on("close", () => endedResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        body: () => raw,
        next(match, from = 0) {
          return new Promise((done) => {
            waiters.push({ match, from, resolve: done });
            check();
          });
        },
        nextComment() {
          return new Promise((done) => commentWaiters.push(done));
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on("error", reject);
    req.end();
  });
}
