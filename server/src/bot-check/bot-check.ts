import { ApiError, forbidden } from "../http/errors";

/**
 * Anti-bot verification for contact, form and checkout calls (SPEC §6). The browser runs the
 * bot-protection script with an action name and sends the resulting token and the site key as
 * headers; the service asks the assessment endpoint whether the token is real, fresh, for that
 * action, and human enough.
 */

// The headers and action names are shared with the site (packages/rules/src/forms/bot-protection.ts).
export { BOT_ACTIONS, BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER, type BotAction } from "@mainstreet/rules/forms/bot-protection";
import { BOT_SITE_KEY_HEADER, BOT_TOKEN_HEADER, type BotAction } from "@mainstreet/rules/forms/bot-protection";

export interface BotCheckInput {
  token?: string;
  siteKey?: string;
  action: BotAction;
  remoteIp?: string;
  userAgent?: string;
}

export interface BotCheck {
  readonly mode: "off" | "recaptcha-enterprise";
  /** Resolves when the request may proceed; throws an ApiError (4xx) when it may not. */
  verify(input: BotCheckInput): Promise<void>;
}

export const botCheckOff: BotCheck = {
  mode: "off",
  async verify() {
    // Local use and tests: no third-party script is loaded, so there is no token to check.
  },
};

export interface RecaptchaOptions {
  assessmentUrl: string;
  siteKey: string;
  apiKey?: string;
  minScore: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Assessment {
  tokenProperties?: { valid?: boolean; invalidReason?: string; action?: string };
  riskAnalysis?: { score?: number };
}

/** reCAPTCHA Enterprise `projects.assessments.create` at a configurable URL. */
export function recaptchaEnterpriseBotCheck(options: RecaptchaOptions): BotCheck {
  const doFetch = options.fetch ?? fetch;
  const url = new URL(options.assessmentUrl);
  if (options.apiKey) url.searchParams.set("key", options.apiKey);
  return {
    mode: "recaptcha-enterprise",
    async verify(input) {
      if (!input.token) throw forbidden(`Bot check failed: the ${BOT_TOKEN_HEADER} header is missing; the page must run the bot-protection script with action "${input.action}"`);
      if (!input.siteKey) throw forbidden(`Bot check failed: the ${BOT_SITE_KEY_HEADER} header is missing`);
      if (input.siteKey !== options.siteKey) throw forbidden(`Bot check failed: the site key "${input.siteKey.slice(0, 60)}" is not this service's site key`);
      let assessment: Assessment;
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            event: {
              token: input.token,
              siteKey: options.siteKey,
              expectedAction: input.action,
              userIpAddress: input.remoteIp,
              userAgent: input.userAgent,
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) throw new Error(`assessment endpoint answered HTTP ${response.status}`);
        assessment = (await response.json()) as Assessment;
      } catch (error) {
        // Failing closed keeps bots out while the assessment service is unreachable; 424 (not 5xx) so
        // the visitor sees this message and knows that retrying is the remedy.
        throw new ApiError(424, "The bot check could not be completed right now; nothing was sent. Please try again in a moment.", error instanceof Error ? error.message : String(error));
      }
      const properties = assessment.tokenProperties ?? {};
      if (properties.valid !== true) {
        throw forbidden(`Bot check failed: the token is not valid (${properties.invalidReason ?? "no reason given"}); reload the page and try again`);
      }
      if (properties.action !== input.action) {
        throw forbidden(`Bot check failed: the token was made for action "${properties.action ?? ""}", expected "${input.action}"`);
      }
      const score = assessment.riskAnalysis?.score;
      if (typeof score !== "number" || score < options.minScore) {
        throw forbidden(`Bot check failed: risk score ${score ?? "missing"} is below ${options.minScore}`);
      }
    },
  };
}
