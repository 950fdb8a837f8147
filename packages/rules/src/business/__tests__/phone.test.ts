import { displayPhone, isPhoneNumber, looksLikePhoneNumber, phoneE164, phoneHref } from "../phone";

describe("phone numbers of any country, national with the location's country or international", () => {
  it.each([
    // [written, location's country, E.164, shown at that location, tel: link]
    ["(212) 555-0142", "US", "+12125550142", "(212) 555-0142", "tel:+12125550142"],
    ["212.555.0142", "US", "+12125550142", "(212) 555-0142", "tel:+12125550142"],
    ["+1 212 555 0142", "US", "+12125550142", "(212) 555-0142", "tel:+12125550142"],
    ["020 7946 0958", "GB", "+442079460958", "020 7946 0958", "tel:+442079460958"],
    ["+44 20 7946 0958", "GB", "+442079460958", "020 7946 0958", "tel:+442079460958"],
    ["01 23 45 67 89", "FR", "+33123456789", "01 23 45 67 89", "tel:+33123456789"],
    ["+33 1 23 45 67 89", "FR", "+33123456789", "01 23 45 67 89", "tel:+33123456789"],
    ["03-1234-5678", "JP", "+81312345678", "03-1234-5678", "tel:+81312345678"],
    ["+81 3 1234 5678", "JP", "+81312345678", "03-1234-5678", "tel:+81312345678"],
    ["030 12345678", "DE", "+493012345678", "030 12345678", "tel:+493012345678"],
    ["+49 30 12345678", "DE", "+493012345678", "030 12345678", "tel:+493012345678"],
    // A number of another country, at a US location: international, the only form dialled from there.
    ["+44 20 7946 0958", "US", "+442079460958", "+44 20 7946 0958", "tel:+442079460958"],
    ["(212) 555-0142 ext. 12", "US", "+12125550142", "(212) 555-0142 ext. 12", "tel:+12125550142;ext=12"],
    ["tel:+12155550163", "US", "+12155550163", "(215) 555-0163", "tel:+12155550163"],
  ])("%j at a location in %s", (written, country, e164, shown, href) => {
    expect(isPhoneNumber(written, country)).toBe(true);
    expect(phoneE164(written, country)).toBe(e164);
    expect(displayPhone(written, country)).toBe(shown);
    expect(phoneHref(written, country)).toBe(href);
  });

  it.each([
    ["12", "US"],
    ["555-0100", "US"],
    // A Chicago number written as if 312 were a country code reads as a Dutch number that does not exist.
    ["+312 555 0119", "US"],
    ["020 7946 0958", "US"],
    ["not a number", "GB"],
    ["", "US"],
  ])("%j at a location in %s is no phone number", (written, country) => {
    expect(isPhoneNumber(written, country)).toBe(false);
    expect(phoneHref(written, country)).toBeNull();
    expect(phoneE164(written, country)).toBeNull();
    expect(displayPhone(written, country)).toBe(written.trim());
  });

  it("reads a location without a known country as in the US", () => {
    expect(phoneE164("(212) 555-0142", "ZZ")).toBe("+12125550142");
    expect(phoneE164("(212) 555-0142", undefined)).toBe("+12125550142");
  });

  it.each([
    ["(718) 555-0142", true],
    ["+44 20 7946 0958", true],
    ["03-1234-5678", true],
    ["212-555-0142 x12", true],
    ["12345", false],
    ["+1 212 555 0142 0000 0000", false],
    ["call me", false],
    ["212-555-0142; DROP", false],
  ])("the browser's light check takes %j: %s", (written, looks) => {
    expect(looksLikePhoneNumber(written)).toBe(looks);
  });
});
