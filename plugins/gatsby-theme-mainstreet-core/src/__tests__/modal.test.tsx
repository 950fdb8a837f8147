import React, { useState } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { renderToStaticHtml } from "./server-render";
import { Modal } from "../components/modal";
import { MODAL } from "@mainstreet/rules/business/constants";

// Animations are covered in motion.test.tsx; without framer-motion's features open and close are immediate.
jest.mock("../components/motion", () => {
  const actual = jest.requireActual("../components/motion");
  return { ...actual, MotionProvider: ({ children }: { children: React.ReactNode }) => children };
});

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <div id="___gatsby">
      <button type="button" onClick={() => setOpen(true)}>
        Open hours
      </button>
      <a href="#elsewhere">Elsewhere</a>
      <Modal open={open} onClose={() => setOpen(false)} title="Opening hours">
        <p>Monday closed</p>
        <a href="#first">First link</a>
        <a href="#last">Last link</a>
      </Modal>
    </div>
  );
}

async function openModal() {
  const opener = screen.getByRole("button", { name: "Open hours" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole("dialog", { name: "Opening hours" }) };
}

describe("Modal (SPEC §2)", () => {
  it("renders nothing on the server", () => {
    expect(renderToStaticHtml(<Modal open onClose={() => undefined} title="Hours"><p>x</p></Modal>)).toBe("");
  });

  it(`puts "${MODAL.bodyOpenClass}" on <body> and makes the page behind inert while open`, async () => {
    render(<Page />);
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(document.body).toHaveClass(MODAL.bodyOpenClass);
    expect(document.getElementById("___gatsby")).toHaveAttribute("inert");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body).not.toHaveClass(MODAL.bodyOpenClass);
    expect(document.getElementById("___gatsby")).not.toHaveAttribute("inert");
  });

  it("moves focus in, keeps Tab and Shift+Tab inside, and gives focus back to the opener on Escape", async () => {
    render(<Page />);
    const { opener, dialog } = await openModal();
    const close = within(dialog).getByRole("button", { name: "Close" });
    const last = within(dialog).getByRole("link", { name: "Last link" });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(last).toHaveFocus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("closes on the backdrop and pulls stray focus back inside", async () => {
    render(<Page />);
    const { opener, dialog } = await openModal();
    fireEvent.focusIn(opener);
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    fireEvent.click(document.querySelector(".modal__backdrop")!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });
});
