/**
 * Browser features jsdom lacks, installed per test file: matchMedia answering from a set of matching
 * queries, PointerEvent carrying its pointerType, IntersectionObserver driven by the test.
 */
import { act } from "@testing-library/react";

export function mockMatchMedia(matching: readonly string[] = []): void {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matching.includes(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class PointerEventWithType extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? "";
  }
}

export function installPointerEvent(): void {
  if (!("PointerEvent" in window)) {
    Object.defineProperty(window, "PointerEvent", { configurable: true, writable: true, value: PointerEventWithType });
  }
}

type ObserverRecord = { callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit };
export const observers: ObserverRecord[] = [];

/** IntersectionObserver whose entries the test triggers with `intersect`. */
export function installIntersectionObserver(): void {
  observers.length = 0;
  class TestIntersectionObserver {
    private record: ObserverRecord;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, elements: [], options };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve(element: Element) {
      this.record.elements = this.record.elements.filter((candidate) => candidate !== element);
    }
    disconnect() {
      this.record.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, "IntersectionObserver", { configurable: true, writable: true, value: TestIntersectionObserver });
  Object.defineProperty(global, "IntersectionObserver", { configurable: true, writable: true, value: TestIntersectionObserver });
}

/** Reports `element` as entering the viewport to every observer watching it. */
export function intersect(element: Element): void {
  act(() => {
    for (const record of observers.filter((candidate) => candidate.elements.includes(element))) {
      record.callback([{ isIntersecting: true, target: element, intersectionRatio: 1 } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

/** A Storage kept in memory, for storage-dependent components. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key: string) => data.get(key) ?? null,
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem: (key: string, value: string) => void data.set(key, String(value)),
  };
}

const REAL_TIMER_APIS = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;

/**
 * Pins the date the page reads while timers stay real, for tests that render clock-driven pieces (the
 * open status) without asserting on them: the status then comes from the fixture's schedule at once
 * instead of loading luxon after the test has moved on. Undo with jest.useRealTimers().
 */
export function pinDate(now: number): void {
  jest.useFakeTimers({ now, doNotFake: [...REAL_TIMER_APIS] });
}
