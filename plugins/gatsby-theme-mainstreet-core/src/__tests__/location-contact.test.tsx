import React from "react";
import { render, screen } from "@testing-library/react";
import { MapsLinkItem, PhoneAndEmailItems, StreetLines } from "../components/location-contact";

/** A location's address lines and contact list items, shared by the footer and the location cards. */
describe("StreetLines", () => {
  it.each<[string, string, string]>([
    ["with a state", "IL", "2150 N Clark StChicago, IL 60614"],
    ["without a state", "", "2150 N Clark StChicago 60614"],
  ])("%s", (_name, state, text) => {
    const { container } = render(
      <address>
        <StreetLines street="2150 N Clark St" city="Chicago" state={state} zip="60614" />
      </address>,
    );
    expect(container.querySelector("address")).toHaveTextContent(text, { normalizeWhitespace: false });
    expect(container.querySelectorAll("br")).toHaveLength(1);
  });
});

describe("PhoneAndEmailItems", () => {
  it.each<[string, string | null, string | null, string | null, string[]]>([
    ["both", "(312) 555-0100", "tel:+13125550100", "Hello@Luma.Example", ["tel:+13125550100", "mailto:hello@luma.example"]],
    ["a phone only", "(312) 555-0100", "tel:+13125550100", null, ["tel:+13125550100"]],
    ["an email only", null, null, "hello@luma.example", ["mailto:hello@luma.example"]],
    ["neither", null, null, null, []],
  ])("%s", (_name, phone, phoneHref, email, hrefs) => {
    const { container } = render(
      <ul>
        <PhoneAndEmailItems phone={phone} phoneHref={phoneHref} email={email} />
      </ul>,
    );
    expect(container.querySelectorAll("li")).toHaveLength(hrefs.length);
    expect([...container.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(hrefs);
    if (phone) expect(screen.getByRole("link", { name: phone })).toBeInTheDocument();
    if (email) expect(screen.getByText(email.toLowerCase())).toBeInTheDocument();
  });
});

describe("MapsLinkItem", () => {
  it("opens the maps link in a new tab and says so", () => {
    render(
      <ul>
        <MapsLinkItem href="https://maps.example/?q=luma" label="Get directions" />
      </ul>,
    );
    const link = screen.getByRole("link", { name: "Get directions (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://maps.example/?q=luma");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
