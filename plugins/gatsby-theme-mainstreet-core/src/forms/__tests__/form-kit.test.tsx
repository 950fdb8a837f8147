import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { CheckboxField, FieldFrame, Form, SelectField, TextField, useForm } from "../form-kit";

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

describe("Form: what the page shows is the value", () => {
  type Values = { name: string; email: string; optIn: boolean; place: string };
  function Probe({ onSend }: { onSend: (values: Values) => void }) {
    const form = useForm<Values, null>({
      initial: { name: "", email: "", optIn: false, place: "" },
      labels: { name: "Name", email: "Email" },
      validate: (values) => ({ ...(values.name ? {} : { name: "Enter your name." }), ...(values.email ? {} : { email: "Enter your email." }) }),
      send: async (values) => {
        onSend(values);
        return null;
      },
    });
    return (
      <Form form={form} label="Probe" submitLabel="Send">
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="email" label="Email" type="email" />
        <CheckboxField form={form} name="optIn" label="Send me news" />
        <SelectField form={form} name="place" label="Location" placeholder="Choose a location" options={[{ value: "brooklyn", label: "Brooklyn" }, { value: "chicago", label: "Chicago" }]} />
      </Form>
    );
  }

  it("takes what was typed, ticked or picked into the server-rendered form before its code arrived", async () => {
    const onSend = jest.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToStaticHtml(<Probe onSend={onSend} />);
    document.body.appendChild(container);
    // The visitor types and ticks before hydration: the browser keeps it, React's state never saw it.
    (container.querySelector("input[name=name]") as HTMLInputElement).value = "Ada";
    (container.querySelector("input[name=optIn]") as HTMLInputElement).checked = true;
    (container.querySelector("select[name=place]") as HTMLSelectElement).value = "chicago";
    await act(async () => {
      hydrateRoot(container, <Probe onSend={onSend} />);
    });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
    });
    expect(onSend).toHaveBeenCalledWith({ name: "Ada", email: "ada@example.com", optIn: true, place: "chicago" });
    expect(screen.getByLabelText("Location")).toHaveValue("chicago");
    container.remove();
  });
});
