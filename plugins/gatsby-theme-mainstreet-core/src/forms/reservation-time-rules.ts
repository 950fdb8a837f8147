/**
 * The reservation form's calendar rules (bookable dates and slots in the location's zone, with luxon),
 * in one chunk the form fetches when a visitor engages with it (reservation-form.tsx, useTimeRules): luxon is larger
 * than the location page's whole budget headroom, and a visitor who never scrolls to the form
 * never needs it.
 */
export { bookingWindow, dateLabel, firstDateWithSlots, reservationTimeLabel, zoneLabel } from "@mainstreet/rules/booking/reservations";
export { timeSlots } from "@mainstreet/rules/hours/time-slots";
