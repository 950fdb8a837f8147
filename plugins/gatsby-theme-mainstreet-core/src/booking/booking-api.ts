import { apiRequest, isApiError } from "../runtime/api-client";
import type { AppointmentView, AvailabilityReply, AvailabilityRequestQuery, CreateAppointmentRequestBody, CreatedAppointment } from "@mainstreet/rules/api/appointments-api";

/** The booking flow's and the manage page's calls to the service's appointments area (docs/api.md "Appointments"). */

export function fetchAvailability(query: AvailabilityRequestQuery, signal?: AbortSignal): Promise<AvailabilityReply> {
  const { business_id, location_id, variation_id, staff_id = "any", from, days } = query;
  return apiRequest<AvailabilityReply>("appointments/availability/", {
    query: { business_id, location_id, variation_id, staff_id, ...(from ? { from } : {}), ...(days ? { days: String(days) } : {}) },
    signal,
  });
}

/** One booking per click: the key is made once per attempt by the caller, so a retried call is not a second booking. */
export function createAppointment(body: CreateAppointmentRequestBody, idempotencyKey: string): Promise<CreatedAppointment> {
  return apiRequest<CreatedAppointment>("appointments/", { method: "POST", body, idempotencyKey });
}

const at = (reference: string) => `appointments/${encodeURIComponent(reference)}/`;

export function viewAppointment(reference: string, token: string): Promise<AppointmentView> {
  return apiRequest<AppointmentView>(at(reference), { query: { token } });
}

export function cancelAppointment(reference: string, token: string): Promise<AppointmentView> {
  return apiRequest<AppointmentView>(`${at(reference)}cancel/`, { method: "POST", body: { token } });
}

export function moveAppointment(reference: string, token: string, start: string): Promise<AppointmentView> {
  return apiRequest<AppointmentView>(`${at(reference)}move/`, { method: "POST", body: { token, start } });
}

/** The service answers 409 when the time was taken meanwhile: the visitor picks another. */
export function isTimeTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
