import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToStaticHtml } from "../../__tests__/server-render";
import { fail } from "@mainstreet/rules/forms/form-state";
import { CheckboxField, ErrorSummary, FieldFrame, Form, RatingField, SectionForm, SelectField, TextField, useForm, useFormStore } from "../form-kit";

describe("FieldFrame", () => {
  function renderField(hint?: string, error?: string) {
    render(
      <FieldFrame id="phone" label="Phone" hint={hint} error={error}>
        {(props) => <input {...props} />}
      </FieldFrame>,
    );
    return screen.getByLabelText("Phone");
  }

  it("puts the hint under the box, so boxes side by side line up whether or not they have one", () => {
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

describe("FieldFrame for a long form (the checkout's look)", () => {
  it.each<[string, boolean, string]>([
    ["the hint under the box by default", false, "LABEL,INPUT,P"],
    ["the hint between the label and the box when asked", true, "LABEL,P,INPUT"],
  ])("%s", (_label, hintAbove, order) => {
    const { container } = render(
      <FieldFrame id="card" label="Card number" hint="Test mode." hintAbove={hintAbove} describedBy="extra">
        {(props) => <input {...props} />}
      </FieldFrame>,
    );
    expect(Array.from(container.firstElementChild?.children ?? []).map((child) => child.tagName).join(",")).toBe(order);
    expect(screen.getByLabelText("Card number")).toHaveAttribute("aria-describedby", "card-hint extra");
  });
});

describe("a form store with stable ids (the checkout)", () => {
  type Values = { email: string; cardNumber: string };
  function Checkout() {
    const form = useFormStore<Values, null>({ email: "", cardNumber: "" }, { idPrefix: "checkout", errorPrefix: "" });
    return (
      <form aria-label="Checkout">
        <ErrorSummary form={form} labels={{ email: "Email", cardNumber: "Card number" }} />
        <TextField form={form} name="email" label="Email" />
        <TextField form={form} name="cardNumber" label="Card number" format={(typed) => typed.replace(/\D/g, "").replace(/(\d{4})(?=\d)/g, "$1 ")} />
        <button type="button" onClick={() => form.apply((state) => fail({ ...state, status: "submitting" }, "", { cardNumber: "Card number: check the digits", email: "Email: expected an address" }))}>
          Refuse
        </button>
      </form>
    );
  }

  it("names fields checkout-<field>, formats as typed, links each problem in page order, and reads messages without a prefix", () => {
    render(<Checkout />);
    const card = screen.getByLabelText("Card number");
    expect(card).toHaveAttribute("id", "checkout-cardNumber");
    fireEvent.change(card, { target: { value: "42424242" } });
    expect(card).toHaveValue("4242 4242");
    fireEvent.click(screen.getByRole("button", { name: "Refuse" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("2 fields need attention:EmailCard number");
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["#checkout-email", "#checkout-cardNumber"]);
    expect(card).toHaveAccessibleDescription("Card number: check the digits");
  });
});

describe("SectionForm", () => {
  it("names the form by the section's heading, with the lead under it", () => {
    function Probe() {
      const form = useForm<{ email: string }, null>({ initial: { email: "" }, labels: {}, validate: () => ({}), send: async () => null });
      return (
        <SectionForm title="Stay in touch" headingLevel={3} lead={<p>Monthly news.</p>} form={form} submitLabel="Subscribe">
          <TextField form={form} name="email" label="Email" />
        </SectionForm>
      );
    }
    render(<Probe />);
    expect(screen.getByRole("form", { name: "Stay in touch" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Stay in touch" }).nextElementSibling).toHaveTextContent("Monthly news.");
    expect(screen.getByRole("heading", { name: "Stay in touch" }).closest("section")).toHaveClass("form-section");
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

describe("a star tapped before the form's code arrived", () => {
  type Values = { rating: string; text: string };
  function Review({ onSend }: { onSend: (values: Values) => void }) {
    const form = useForm<Values, null>({
      initial: { rating: "", text: "" },
      labels: { rating: "Rating", text: "Your review" },
      validate: (values) => (values.rating ? {} : { rating: "Choose 1 to 5 stars." }),
      send: async (values) => {
        onSend(values);
        return null;
      },
    });
    return (
      <Form form={form} label="Review" submitLabel="Send review">
        <RatingField form={form} name="rating" legend="Rating" />
        <TextField form={form} name="text" label="Your review" multiline />
      </Form>
    );
  }

  it("is the rating the form sends: the browser showed it checked, so it was chosen", async () => {
    const onSend = jest.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToStaticHtml(<Review onSend={onSend} />);
    document.body.appendChild(container);
    // The tap on the fourth star's label, before hydration: the browser checks its radio by itself.
    (container.querySelectorAll("input[type=radio]")[3] as HTMLInputElement).click();
    await act(async () => {
      hydrateRoot(container, <Review onSend={onSend} />);
    });
    expect(screen.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send review" }));
    });
    expect(screen.queryByText(/Please fix/)).toBeNull();
    expect(onSend).toHaveBeenCalledWith({ rating: "4", text: "" });
    container.remove();
  });
});

describe("the refusal's summary follows the form's layout", () => {
  type Values = { name: string; email: string; role: string };
  function Application() {
    // Declared name, email, role; laid out name beside role, then email.
    const form = useForm<Values, null>({
      initial: { name: "", email: "", role: "" },
      labels: { name: "Name", email: "Email", role: "Role" },
      validate: () => ({ name: "Enter your name.", email: "Enter your email.", role: "Enter the role." }),
      send: async () => null,
    });
    return (
      <Form form={form} label="Apply" submitLabel="Send application">
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="role" label="Role" />
        <TextField form={form} name="email" label="Email" />
      </Form>
    );
  }

  it("names the fields as the page shows them, and focuses the first", async () => {
    const { container } = render(<Application />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send application" }));
    });
    expect(container.querySelector(".form-message")).toHaveTextContent("Please fix 3 fields: Name, Role, Email.");
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });
});
