import { act, renderHook } from "@testing-library/react";
import { useConfirmedAction } from "../use-confirmed-action";

describe("useConfirmedAction", () => {
  it("opens on ask, runs the action on confirm and closes when it succeeds", async () => {
    const done: string[] = [];
    const { result } = renderHook(() => useConfirmedAction<string>(async (target) => void done.push(target)));
    expect(result.current.dialog.open).toBe(false);
    act(() => result.current.ask("booking-1"));
    expect(result.current).toMatchObject({ target: "booking-1", dialog: { open: true, busy: false, error: null } });
    await act(async () => result.current.dialog.onConfirm());
    expect(done).toEqual(["booking-1"]);
    expect(result.current).toMatchObject({ target: null, dialog: { open: false, busy: false, error: null } });
  });

  it("stays open with the failure's words, and closing clears them", async () => {
    const { result } = renderHook(() =>
      useConfirmedAction<string>(async () => {
        throw new Error("The service is unreachable.");
      }),
    );
    act(() => result.current.ask("member-1"));
    await act(async () => result.current.dialog.onConfirm());
    expect(result.current).toMatchObject({ target: "member-1", dialog: { open: true, busy: false } });
    expect(result.current.dialog.error).toEqual(expect.any(String));
    act(() => result.current.dialog.onClose());
    expect(result.current).toMatchObject({ target: null, dialog: { open: false, error: null } });
  });
});
