import { LIKE_COUNT_SHOWN_FROM, canLike, initialLikeState, likeCountLabel, likedItems, likeReducer, rememberLike, visitorId, type LikeAction, type LikeState } from "../likes";
import { createStore, siteStorageKey, type StorageLike } from "../../site/storage";

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const NOW = 1_800_000_000_000;
const fixedRandom = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => (new Uint8Array((array as unknown as Uint8Array).buffer).fill(171), array) };

describe("visitor id and liked items", () => {
  it("creates a 32-hex visitor id once and keeps it per site", () => {
    const storage = memoryStorage();
    const store = createStore(storage);
    const first = visitorId(store, "luma", NOW, fixedRandom as unknown as Crypto);
    expect(first).toBe("ab".repeat(16));
    expect(visitorId(store, "luma", NOW, { getRandomValues: () => { throw new Error("must not be called"); } } as unknown as Crypto)).toBe(first);
    expect(Object.keys(storage.data)).toEqual([siteStorageKey("luma", "visitor-id")]);
  });

  it("replaces a stored id that is not 32 hex", () => {
    const store = createStore(memoryStorage({ [siteStorageKey("luma", "visitor-id")]: JSON.stringify({ v: "not-an-id" }) }));
    expect(visitorId(store, "luma", NOW, fixedRandom as unknown as Crypto)).toBe("ab".repeat(16));
  });

  it("remembers each liked item once and ignores junk in storage", () => {
    const storage = memoryStorage({ [siteStorageKey("luma", "liked-items")]: JSON.stringify({ v: ["a", 3, null] }) });
    const store = createStore(storage);
    expect(likedItems(store, "luma", NOW)).toEqual(["a"]);
    rememberLike(store, "luma", "b", NOW);
    rememberLike(store, "luma", "b", NOW);
    expect(likedItems(store, "luma", NOW)).toEqual(["a", "b"]);
  });

  it("works without storage (private mode): nothing is remembered, nothing throws", () => {
    const store = createStore(null);
    expect(likedItems(store, "luma", NOW)).toEqual([]);
    expect(() => rememberLike(store, "luma", "b", NOW)).not.toThrow();
  });
});

describe("likeReducer", () => {
  const idle = initialLikeState(10);
  const sending: LikeState = { ...idle, count: 11, liked: true, status: "sending" };
  const liked: LikeState = { count: 11, liked: true, status: "idle", message: "Thanks for the like!" };
  it.each<[string, LikeState, LikeAction, Partial<LikeState>]>([
    ["a press sends, and shows the like counted at once", idle, { type: "send" }, { status: "sending", liked: true, count: 11 }],
    ["a second press while sending does nothing", sending, { type: "send" }, { status: "sending", count: 11 }],
    ["a press after liking does nothing", liked, { type: "send" }, { status: "idle", count: 11 }],
    ["the service's count is shown on confirmation", sending, { type: "confirm", count: 11, alreadyLiked: false }, { count: 11, liked: true, message: "Thanks for the like!" }],
    ["a repeat like counts once", sending, { type: "confirm", count: 10, alreadyLiked: true }, { count: 10, liked: true, message: "You already liked this." }],
    ["a failure takes the like back and says why", sending, { type: "fail", message: "An error occurred" }, { status: "failed", count: 10, liked: false, message: "An error occurred" }],
    ["a live count while sending is ignored", sending, { type: "count", count: 40 }, { count: 11, liked: true }],
    ["a failed like can be retried", { ...idle, status: "failed" }, { type: "send" }, { status: "sending", liked: true, count: 11 }],
    ["a live count replaces the build's count", idle, { type: "count", count: 14 }, { count: 14 }],
    ["a stale live count never undoes this visitor's like", liked, { type: "count", count: 10 }, { count: 11 }],
    ["a nonsense count is ignored", idle, { type: "count", count: -1 }, { count: 10 }],
    ["a stored like is restored", idle, { type: "restore", liked: true }, { liked: true }],
    ["a confirmation that was not asked for is ignored", idle, { type: "confirm", count: 99, alreadyLiked: false }, { count: 10, liked: false }],
  ])("%s", (_name, state, action, expected) => {
    expect(likeReducer(state, action)).toMatchObject(expected);
  });

  it.each<[LikeState, boolean]>([
    [idle, true],
    [sending, false],
    [liked, false],
  ])("canLike %#", (state, expected) => {
    expect(canLike(state)).toBe(expected);
  });

  it.each<[number, boolean, string | null]>([
    [0, false, null],
    [1, false, null],
    [LIKE_COUNT_SHOWN_FROM - 1, false, null],
    [LIKE_COUNT_SHOWN_FROM, false, `${LIKE_COUNT_SHOWN_FROM} likes`],
    [1234, false, "1,234 likes"],
    // The visitor's own like is confirmed by the count, however small.
    [1, true, "1 like"],
    [2, true, "2 likes"],
    [0, true, null],
    [-1, false, null],
    [1.5, true, null],
  ])("likeCountLabel(%d, liked: %s) → %s", (count, likedByVisitor, expected) => {
    expect(likeCountLabel(count, { likedByVisitor })).toBe(expected);
  });
});
