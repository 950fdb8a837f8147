import { isApiError, apiRequest } from "../runtime/api-client";
import { BOT_ACTIONS, getBotProof } from "../runtime/bot-protection";
import type { FieldErrors, FormValues } from "@mainstreet/rules/forms/form-state";
import { GENERAL_REFUSAL, namesPath, refusalSentences } from "@mainstreet/rules/forms/field-sentences";
import type { EventRequestBody, EventType } from "@mainstreet/rules/api/api-requests";
import type { WebsiteRef } from "@mainstreet/rules/forms/forms";
import type { CatalogView, ContactReply, ReservationView, SlotsReply } from "@mainstreet/rules/api/api-views";
import type { SendFailure } from "./form-kit";
import type { FormsBusiness } from "./use-forms-data";

/**
 * The forms' calls to the API service (docs/api.md). Contact and events calls carry the bot-protection
 * proof made with their own action name (SPEC §6); without a configured site key none is sent.
 */

/**
 * Turns any failure into the form's refusal in the visitor's voice: each field the service named gets its
 * sentence (field-sentences.ts), a refused path the form does not show the general sentence, and a refusal
 * naming no path keeps the service's message (SPEC §8), unless that message is a path's text after all.
 */
export function sendFailure<V extends FormValues>(error: unknown, paths: Readonly<Record<string, keyof V & string>>): SendFailure<V> {
  if (!isApiError(error)) return { message: error instanceof Error && error.message ? error.message : "An error occurred" };
  const refusal = refusalSentences<keyof V & string>(error.body, paths);
  if (!refusal) return { message: namesPath(error.message) ? GENERAL_REFUSAL : error.message };
  return { message: refusal.message ?? "", errors: refusal.fields as FieldErrors<V> };
}

/** The call's answer, or its refusal as the form's: the message and the fields the service named. */
export function withFieldErrors<T, V extends FormValues>(sending: Promise<T>, paths: Readonly<Record<string, keyof V & string>>): Promise<T> {
  return sending.catch((error: unknown) => {
    throw sendFailure<V>(error, paths);
  });
}

export function websiteRef(business: FormsBusiness): WebsiteRef {
  const page = typeof window === "undefined" ? "/" : window.location.pathname;
  return { url: business.siteUrl, page, recipe: business.recipe };
}

export async function postContact(path: string, body: unknown): Promise<ContactReply> {
  const botProof = await getBotProof(BOT_ACTIONS.contact);
  return apiRequest<ContactReply>(path, { method: "POST", body, botProof });
}

export async function postEvent<T>(body: EventRequestBody & { component_configuration: { type: EventType } }): Promise<T> {
  const botProof = await getBotProof(BOT_ACTIONS[body.component_configuration.type]);
  return apiRequest<T>("events/website/", { method: "POST", body, botProof });
}

export function fetchSlots(businessId: string, locationId: string, date: string, signal?: AbortSignal): Promise<SlotsReply> {
  return apiRequest<SlotsReply>("reservations/slots/", { query: { business_id: businessId, location_id: locationId, date }, signal });
}

export function cancelReservation(reference: string, cancelToken: string): Promise<ReservationView> {
  return apiRequest<ReservationView>(`reservations/${encodeURIComponent(reference)}/cancel/`, { method: "POST", body: { cancel_token: cancelToken } });
}

let likeCounts: { businessId: string; promise: Promise<Record<string, number>> } | null = null;

/** Live like counts from the catalog, asked once per page load however many like buttons show. */
export function fetchLikeCounts(businessId: string): Promise<Record<string, number>> {
  if (likeCounts?.businessId === businessId) return likeCounts.promise;
  const promise = apiRequest<CatalogView>(`catalog/${encodeURIComponent(businessId)}/`).then((catalog) =>
    Object.fromEntries(catalog.items.map((item) => [item.id, item.like_count])),
  );
  // A failure is not cached: the next button may try again.
  promise.catch(() => {
    if (likeCounts?.promise === promise) likeCounts = null;
  });
  likeCounts = { businessId, promise };
  return promise;
}
