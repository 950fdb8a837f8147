import React from "react";
import { render, screen } from "@testing-library/react";
import { FieldFrame } from "../form-kit";

describe("FieldFrame", () => {
  function renderField(hint?: string, error?: string) {
    render(
      <FieldFrame id="phone" label="Phone" hint={hint} error={error}>
        {(props) => <input {...props} />}
      </FieldFrame>,
    );
    return screen.getByLabelText("Phone");
  }

  it("puts the hint under the box, so boxes side by side line up whether or not they have one (issue 14)", () => {
    const input = renderField("Like (718) 555-0142.");
    const hint = screen.getByText("Like (718) 555-0142.");
    expect(input.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.previousElementSibling?.tagName).toBe("LABEL");
  });

  it("still describes the box with its hint, then its error", () => {
    const input = renderField("Like (718) 555-0142.", "Enter a phone number.");
    expect(input).toHaveAccessibleDescription("Like (718) 555-0142. Error: Enter a phone number.");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });
});
