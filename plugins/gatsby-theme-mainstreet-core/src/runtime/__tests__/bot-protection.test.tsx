import { BOT_ACTIONS, ENTERPRISE_SCRIPT_URL, getBotProof } from "../bot-protection";

describe("getBotProof", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    delete window.grecaptcha;
  });

  it("loads nothing and sends nothing without a site key", async () => {
    await expect(getBotProof(BOT_ACTIONS.contact, undefined)).resolves.toBeNull();
    expect(document.querySelector("script")).toBeNull();
  });

  it("loads the enterprise script once and executes it with the form's action", async () => {
    const execute = jest.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    const first = getBotProof(BOT_ACTIONS.contact, "site-key-1");
    const script = document.querySelector<HTMLScriptElement>("script");
    expect(script?.src).toBe(`${ENTERPRISE_SCRIPT_URL}?render=site-key-1`);
    window.grecaptcha = { enterprise: { ready: (callback) => callback(), execute } };
    script!.onload!(new Event("load"));
    await expect(first).resolves.toEqual({ token: "token-for-contact_form", siteKey: "site-key-1" });
    await expect(getBotProof(BOT_ACTIONS.startCheckout, "site-key-1")).resolves.toEqual({ token: "token-for-start_order_checkout", siteKey: "site-key-1" });
    expect(document.querySelectorAll("script")).toHaveLength(1);
    expect(execute).toHaveBeenCalledWith("site-key-1", { action: "start_order_checkout" });
  });
});
