import { manageHash, parseManageHash, type ManageRoute } from "../workspace";

describe("parseManageHash (the workspace's hash routes)", () => {
  it.each<[string, ManageRoute]>([
    ["", { screen: "orders", view: null }],
    ["#", { screen: "orders", view: null }],
    ["#/", { screen: "orders", view: null }],
    ["#/orders", { screen: "orders", view: null }],
    ["#/orders/recent", { screen: "orders", view: "recent" }],
    ["#/kitchen", { screen: "kitchen", view: null }],
    ["#/reviews/approved", { screen: "reviews", view: "approved" }],
    ["#/staff", { screen: "staff", view: null }],
    ["#/sign-in", { screen: "sign-in" }],
    ["#/accept/abc-DEF_123", { screen: "accept", token: "abc-DEF_123" }],
    ["#/accept/a%2Fb", { screen: "accept", token: "a/b" }],
    ["#/accept/", { screen: "sign-in" }],
    ["#/accept/%E0%A4%A", { screen: "sign-in" }],
    ["#/forgot", { screen: "forgot" }],
    ["#/reset/abc-DEF_123", { screen: "reset", token: "abc-DEF_123" }],
    ["#/reset/", { screen: "sign-in" }],
    ["#/nowhere", { screen: "orders", view: null }],
    ["#orders", { screen: "orders", view: null }],
  ])("%j", (hash, expected) => {
    expect(parseManageHash(hash)).toEqual(expected);
  });

  it.each<ManageRoute>([
    { screen: "orders", view: null },
    { screen: "orders", view: "recent" },
    { screen: "messages", view: "application" },
    { screen: "accept", token: "t0k/en" },
    { screen: "sign-in" },
    { screen: "forgot" },
    { screen: "reset", token: "t0k/en" },
  ])("reads back what manageHash writes: %j", (route) => {
    expect(parseManageHash(manageHash(route))).toEqual(route);
  });
});

