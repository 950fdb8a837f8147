import { refusedFields } from "../site/field-sentences";
import { changedValues, pathLabel, valueText } from "../site/paths";
import { salonDocument } from "./fake-service";

/** The owner's words for the draft's paths: refused fields' sentences, field names and a conflict's lost changes. */

describe("refusedFields: the service's 422 detail in the owner's words, by path inside the document", () => {
  it.each([
    ["data.menu.items[3].variations[0].price", 'expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got 65.123', "menu.items[3].variations[0].price", "Enter the price as a number with at most 2 decimals, like 12.50."],
    ["data.menu.items[0].variations[0].price", 'expected a price in JPY with at most 0 decimals, like 1200, got 12.5', "menu.items[0].variations[0].price", "Enter the price as a whole number, like 1200."],
    ["data.locations[0].hours[1].open", "expected a time in HHMM like 900 (9:00am) or 1730 (5:30pm), got 2575", "locations[0].hours[1].open", "Enter the time it opens, like 9:00 AM, or mark the day closed."],
    ["data.locations[0].specialHours[0].close", "expected a time in HHMM like 900, or closed: true for a closure", "locations[0].specialHours[0].close", "Enter the time it closes that day, or mark it closed all day."],
    ["data.brandIdentity.primaryColor", 'expected a hex colour like "#b4235a", got "red"', "brandIdentity.primaryColor", "Enter a colour as # and 6 letters or digits, like #b4235a, or leave it empty."],
    ["data.name", "expected the business name as non-empty text, got \"\"", "name", "Enter the business name."],
    ["data.announcement.settings.endTime", "expected a time after startTime (2030-01-01T00:00)", "announcement.settings.endTime", "Choose an end after the start."],
    ["data.locations[1].zip", "expected a postal code as non-empty text, got \"\"", "locations[1].zip", "Enter a postal code."],
    ["data.socialMedia[0].link", "Facebook links must name a page", "socialMedia[0].link", "Facebook links must name a page."],
    ["data", "expected an object", "", "The site's data could not be saved as it is. Reload the page and make the change again."],
  ])("%s: %s", (path, message, inside, sentence) => {
    expect(refusedFields({ message: `${path}: ${message}`, detail: [{ path, message }] })).toEqual([{ path: inside, sentence }]);
  });

  it("a body that names no path gives no field", () => {
    expect(refusedFields({ message: "Slow down" })).toEqual([]);
  });
});

describe("pathLabel: a field as the owner knows it", () => {
  const document = salonDocument();
  it.each([
    ["locations[0].hours[1].close", "Tuesday closes at 418 Carrow Street"],
    ["locations[2].hours[0].open", "Monday opens at Luma Lakeview"],
    ["brandIdentity.primaryColor", "Brand main colour"],
    ["announcement.text", "Announcement text"],
    ["pages[3].title", "Title of About"],
    ["name", "Name"],
  ])("%s → %s", (path, label) => {
    expect(pathLabel(path, document)).toBe(label);
  });
});

it("changedValues lists the leaves that differ, a removed one last, with times as an owner reads them", () => {
  const before = { name: "Luma", hours: [{ day: 2, open: 1000, close: 2000 }], tagline: "Cuts" };
  const after = { name: "Luma", hours: [{ day: 2, open: 1000, close: 2130 }], url: "luma.example" };
  const changes = changedValues(before, after);
  expect(changes).toEqual([
    { path: "hours[0].close", value: 2130 },
    { path: "url", value: "luma.example" },
    { path: "tagline", value: undefined },
  ]);
  expect(changes.map((change) => valueText(change.value, change.path))).toEqual(["21:30", "luma.example", "(empty)"]);
});
