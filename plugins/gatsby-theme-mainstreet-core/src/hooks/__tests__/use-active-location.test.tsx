import React from "react";
import { act, render, screen } from "@testing-library/react";
import { useActiveLocation } from "../use-active-location";

const locations = [
  { locationId: "carrow", primaryLocation: true, city: "Brooklyn" },
  { locationId: "lakeview", primaryLocation: false, city: "Chicago" },
];

function Probe({ persist = true, defaultId }: { persist?: boolean; defaultId?: string }) {
  const [active, choose] = useActiveLocation(locations, { siteId: "luma", persist, defaultId });
  return (
    <button type="button" onClick={() => choose("lakeview")}>
      {active?.city}
    </button>
  );
}

beforeEach(() => window.localStorage.clear());

describe("useActiveLocation", () => {
  it("starts at the primary location, or the configured default", () => {
    render(<Probe />);
    expect(screen.getByRole("button")).toHaveTextContent("Brooklyn");
  });

  it("uses the default id when one is configured", () => {
    render(<Probe defaultId="lakeview" />);
    expect(screen.getByRole("button")).toHaveTextContent("Chicago");
  });

  it("remembers the visitor's choice across renders and components when storage is on", () => {
    const { unmount } = render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    act(() => screen.getAllByRole("button")[0].click());
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["Chicago", "Chicago"]);
    unmount();
    render(<Probe />);
    expect(screen.getByRole("button")).toHaveTextContent("Chicago");
  });

  it("keeps nothing when storage is off", () => {
    const { unmount } = render(<Probe persist={false} />);
    act(() => screen.getByRole("button").click());
    expect(screen.getByRole("button")).toHaveTextContent("Chicago");
    unmount();
    render(<Probe persist={false} />);
    expect(screen.getByRole("button")).toHaveTextContent("Brooklyn");
  });
});
