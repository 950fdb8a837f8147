/**
 * Bot protection contract shared by the site and the API service (SPEC §6): the headers that carry
 * the token and site key, and the action name each call's token must be made with.
 */
export const BOT_TOKEN_HEADER = "x-recaptcha-token";
export const BOT_SITE_KEY_HEADER = "x-recaptcha-site-key";

export const BOT_ACTIONS = {
  contact: "contact_form",
  review: "review_form",
  reservation: "reservation_form",
  subscribe: "subscribe_form",
  application: "application_form",
  like: "annotate_menu_item",
  startCheckout: "start_order_checkout",
  closeCheckout: "close_order_checkout",
} as const;

export type BotAction = (typeof BOT_ACTIONS)[keyof typeof BOT_ACTIONS];
