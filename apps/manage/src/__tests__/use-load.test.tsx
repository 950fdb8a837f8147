import React, { useImperativeHandle, forwardRef } from "react";
import { act, render, screen } from "@testing-library/react";
import type { Api } from "../api/client";
import { SessionProvider } from "../session";
import { OWNER } from "./fake-service";
import { read, ReadCache } from "../reads";
import { useLoad, type Loaded } from "../use-load";

/** An API whose GETs wait until the test answers them, one by one, in the order they were asked. */
function heldApi() {
  const asked: { path: string; answer: (value: unknown) => void; refuse: (error: Error) => void }[] = [];
  const api: Api = {
    base: "/api/",
    url: (path) => `/api/${path}`,
    get: <T,>(path: string) =>
      new Promise<T>((resolve, reject) => {
        asked.push({ path, answer: resolve as (value: unknown) => void, refuse: reject });
      }),
    send: () => Promise.reject(new Error("not in this test")),
  };
  const answer = async (path: string, value: unknown) => {
    const index = asked.findIndex((entry) => entry.path === path);
    if (index < 0) throw new Error(`nothing asked of ${path}; asked: ${asked.map((entry) => entry.path).join(", ")}`);
    const [entry] = asked.splice(index, 1);
    await act(async () => entry.answer(value));
  };
  return { api, asked, answer };
}

interface Reply {
  names: string[];
}

const listRead = (list: string) => read(`lists/${list}`, (reply: Reply) => reply.names);

const List = forwardRef<Loaded<string[]>, { list: string }>(function List({ list }, ref) {
  const loaded = useLoad(listRead(list));
  useImperativeHandle(ref, () => loaded);
  return (
    <div>
      {loaded.loading && !loaded.data ? <p role="status">Loading</p> : null}
      {loaded.loading && loaded.data ? <p>Reading again</p> : null}
      <ul>{(loaded.data ?? []).map((name) => <li key={name}>{name}</li>)}</ul>
    </div>
  );
});

function mount(api: Api, reads: ReadCache, list = "a") {
  const ref = React.createRef<Loaded<string[]>>();
  const session = (children: React.ReactNode) => (
    <SessionProvider value={{ api, user: OWNER, signOut: async () => undefined, announce: () => undefined, reads }}>{children}</SessionProvider>
  );
  const view = render(session(<List ref={ref} list={list} />));
  return { ...view, ref, show: (next: string) => view.rerender(session(<List ref={ref} list={next} />)) };
}

const names = () => screen.queryAllByRole("listitem").map((item) => item.textContent);

describe("useLoad and the session's reads", () => {
  it("a list read once shows at once when its screen opens again, and is read again behind it", async () => {
    const { api, answer } = heldApi();
    const reads = new ReadCache();
    const first = mount(api, reads);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    await answer("lists/a", { names: ["Ada"] });
    expect(names()).toEqual(["Ada"]);
    first.unmount();

    mount(api, reads);
    expect(names()).toEqual(["Ada"]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByText("Reading again")).toBeInTheDocument();
    await answer("lists/a", { names: ["Ada", "Bo"] });
    expect(names()).toEqual(["Ada", "Bo"]);
    expect(screen.queryByText("Reading again")).not.toBeInTheDocument();
  });

  it("keeps the screen's own changes for its next opening", async () => {
    const { api, answer } = heldApi();
    const reads = new ReadCache();
    const first = mount(api, reads);
    await answer("lists/a", { names: ["Ada", "Bo"] });
    act(() => first.ref.current?.update((current) => current.filter((name) => name !== "Bo")));
    expect(names()).toEqual(["Ada"]);
    first.unmount();
    mount(api, reads);
    expect(names()).toEqual(["Ada"]);
  });

  it("another signing-in (a new cache) shows nothing read for the one before", async () => {
    const { api, answer } = heldApi();
    const first = mount(api, new ReadCache());
    await answer("lists/a", { names: ["Ada"] });
    first.unmount();
    mount(api, new ReadCache());
    expect(names()).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
  });

  it("a change of list shows that list's copy or nothing, never the previous list, and drops a late answer to it", async () => {
    const { api, answer } = heldApi();
    const reads = new ReadCache();
    reads.set("lists/b", ["Bea"]);
    const view = mount(api, reads, "a");
    await answer("lists/a", { names: ["Ada"] });
    view.show("b");
    expect(names()).toEqual(["Bea"]);
    view.show("c");
    expect(names()).toEqual([]);
    view.show("a");
    expect(names()).toEqual(["Ada"]);
    // The answers to b and c come after a was asked again: neither is shown.
    await answer("lists/b", { names: ["Bea", "Cy"] });
    await answer("lists/c", { names: ["Cy"] });
    expect(names()).toEqual(["Ada"]);
    await answer("lists/a", { names: ["Ada", "Di"] });
    expect(names()).toEqual(["Ada", "Di"]);
  });

  it("a refused reading again keeps the list shown and says why", async () => {
    const { api, asked } = heldApi();
    const reads = new ReadCache();
    reads.set("lists/a", ["Ada"]);
    const view = mount(api, reads);
    await act(async () => asked[0].refuse(new Error("The service failed to answer. Try again in a moment.")));
    expect(names()).toEqual(["Ada"]);
    expect(view.ref.current?.error).toBe("The service failed to answer. Try again in a moment.");
  });

  it("preload reads a list once, however often it is asked, keeps what a screen read since, and forgets a refusal", async () => {
    const { api, asked, answer } = heldApi();
    const reads = new ReadCache();
    const first = reads.preload(api, listRead("a"));
    const second = reads.preload(api, listRead("a"));
    expect(asked.map((entry) => entry.path)).toEqual(["lists/a"]);
    await answer("lists/a", { names: ["Ada"] });
    await Promise.all([first, second]);
    expect(reads.get(listRead("a").key)).toEqual(["Ada"]);
    await reads.preload(api, listRead("a"));
    expect(asked).toHaveLength(0);

    const refused = reads.preload(api, listRead("b"));
    await act(async () => asked[0].refuse(new Error("offline")));
    await refused;
    expect(reads.get(listRead("b").key)).toBeNull();

    const late = reads.preload(api, listRead("c"));
    reads.set(listRead("c").key, ["Cy (the screen's)"]);
    await answer("lists/c", { names: ["Cy (read ahead)"] });
    await late;
    expect(reads.get(listRead("c").key)).toEqual(["Cy (the screen's)"]);
  });

  it("keeps at most its limit of lists, dropping the one used least recently", () => {
    const reads = new ReadCache(2);
    reads.set("a", ["Ada"]);
    reads.set("b", ["Bea"]);
    expect(reads.get("a")).toEqual(["Ada"]);
    reads.set("c", ["Cy"]);
    expect(reads.get("b")).toBeNull();
    expect(reads.get("a")).toEqual(["Ada"]);
    expect(reads.get("c")).toEqual(["Cy"]);
  });
});
