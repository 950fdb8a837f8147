import type { BotProof } from "./api-client";
import type { BotAction } from "@mainstreet/rules/forms/bot-protection";

/**
 * Bot protection for contact, form and checkout calls (SPEC §6): the enterprise script is loaded
 * from its third-party host only when a site key is configured, and executed with the call's action
 * name. Without a key nothing is loaded, no headers are sent, and the service's check is off.
 */
export { BOT_ACTIONS, type BotAction } from "@mainstreet/rules/forms/bot-protection";

export const ENTERPRISE_SCRIPT_URL = "https://www.google.com/recaptcha/enterprise.js";

interface Enterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: Enterprise };
  }
}

let loading: Promise<Enterprise> | null = null;

export function botSiteKey(): string | undefined {
  return process.env.GATSBY_RECAPTCHA_SITE_KEY || undefined;
}

function loadEnterprise(siteKey: string): Promise<Enterprise> {
  if (loading) return loading;
  loading = new Promise<Enterprise>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${ENTERPRISE_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const enterprise = window.grecaptcha?.enterprise;
      if (!enterprise) reject(new Error("Bot protection script loaded without grecaptcha.enterprise"));
      else enterprise.ready(() => resolve(enterprise));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Bot protection could not be loaded; check your connection and try again."));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A token for one call, or null when bot protection is not configured. */
export async function getBotProof(action: BotAction, siteKey: string | undefined = botSiteKey()): Promise<BotProof | null> {
  if (!siteKey) return null;
  const enterprise = await loadEnterprise(siteKey);
  const token = await enterprise.execute(siteKey, { action });
  return { token, siteKey };
}
