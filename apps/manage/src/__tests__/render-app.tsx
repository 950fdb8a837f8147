import React from "react";
import { act, render, waitFor } from "@testing-library/react";
import { App } from "../app";
import type { AlertSound } from "../live/alert-sound";
import { FakeEventSource, fakeService, fakeSound } from "./fake-service";

/** The whole workspace against a fake service, at `hash`; the stream is a FakeEventSource the test drives. */
export function renderApp(service: ReturnType<typeof fakeService>, hash = "#/orders") {
  FakeEventSource.instances = [];
  window.location.hash = hash;
  const sound = fakeSound();
  const view = render(<App deps={{ fetch: service.fetch, EventSource: FakeEventSource as unknown as typeof EventSource, sound: sound as unknown as AlertSound }} />);
  return { ...view, sound };
}

/** Opens the latest stream (as the service accepting it) and lets the reads it starts settle. */
export async function openStream(): Promise<FakeEventSource> {
  // The workspace opens its stream once the session is confirmed.
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  const source = FakeEventSource.latest();
  await act(async () => source.open());
  return source;
}
