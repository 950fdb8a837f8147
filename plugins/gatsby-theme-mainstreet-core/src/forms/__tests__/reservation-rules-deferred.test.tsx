import React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ReservationForm } from "../reservation-form";
import { fakeFetch, useSalonWithReservations } from "./forms-fixtures";

// A file of its own: jest gives each test file a fresh module registry, so the form's lazily fetched
// calendar rules start unloaded here, whatever other files have done.
const mockEvaluated = { count: 0 };
jest.mock("../reservation-time-rules", () => {
  mockEvaluated.count += 1;
  return jest.requireActual("../reservation-time-rules");
});

const NOW = Date.parse("2026-11-23T15:00:00Z");

beforeEach(() => {
  jest.spyOn(Date, "now").mockReturnValue(NOW);
  window.history.replaceState(null, "", "/locations/brooklyn-418-carrow-street/");
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe("ReservationForm calendar rules (luxon) load on engagement only", () => {
  it("fetches nothing for a reader who has not touched the page, then loads once the form takes focus", async () => {
    useSalonWithReservations();
    fakeFetch(() => ({ status: 200, body: { time_zone: "America/New_York", slot_minutes: 30, slots: [] } }));
    render(<ReservationForm locationId="loc-carrow" />);
    // Let every effect and pending promise of the first render settle.
    await act(async () => {
      await Promise.resolve();
    });
    expect(mockEvaluated.count).toBe(0);
    // Nothing is loading, so nothing claims to be.
    expect(screen.queryByText("Loading dates…")).not.toBeInTheDocument();
    expect(screen.getByText("Choose a date first.")).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue("");

    fireEvent.focusIn(screen.getByLabelText("Date"));
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue("2026-11-24"));
    expect(mockEvaluated.count).toBe(1);
    expect(screen.queryByText("Choose a date first.")).not.toBeInTheDocument();
  });
});
