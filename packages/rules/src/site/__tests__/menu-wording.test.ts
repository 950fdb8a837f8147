import { menuWording } from "../menu-wording";

describe("menuWording", () => {
  it.each([
    ["restaurant", "Menu", "See the menu"],
    ["generic", "Services", "See our services"],
    ["merchant", "Products", "Shop the collection"],
    [undefined, "Menu", "See the menu"],
    ["toString", "Menu", "See the menu"],
  ])("a %s business calls it %s (%s)", (type, section, call) => {
    expect(menuWording(type)).toEqual({ section, call });
  });
});
