import type { ImageNode } from "../components/page-header";

/**
 * What the booking flow reads from the business, as the booking page's query gives it: the locations
 * taking appointments, the services with a length, and the people who perform them.
 */
export interface BookingLocation {
  locationId: string;
  name: string | null;
  street: string;
  city: string;
  timezone: string;
  appointments: { enabled: boolean; stepMinutes: number; leadMinutes: number; daysAhead: number; cancellationHours: number };
}

export interface BookingVariation {
  id: string;
  name?: string | null;
  priceText: string;
  durationMinutes?: number | null;
  available?: boolean;
}

export interface BookingService {
  itemId: string;
  name: string;
  visible: boolean;
  available: boolean;
  categoryIds: string[];
  variations: BookingVariation[];
}

export interface BookingMember {
  memberId: string;
  name: string;
  role: string | null;
  show: boolean;
  order: number;
  serviceIds: string[];
  locationIds: string[];
  image: ImageNode | null;
}

export interface BookingData {
  businessId: string;
  businessName: string;
  locations: BookingLocation[];
  services: BookingService[];
  categories: { categoryId: string; itemIds: string[] }[];
  team: BookingMember[];
}

/** The variations of a service a visitor can book: those with a length, available. */
export function bookableVariations(service: BookingService): BookingVariation[] {
  return service.variations.filter((variation) => typeof variation.durationMinutes === "number" && variation.available !== false);
}

/** Services a visitor can book at all: visible, available, with at least one variation with a length. */
export function bookableServices(data: BookingData): BookingService[] {
  return data.services.filter((service) => service.visible && service.available && bookableVariations(service).length > 0);
}

export function locationLabel(location: Pick<BookingLocation, "name" | "street" | "city">): string {
  return location.name ? `${location.name}, ${location.street}` : `${location.street}, ${location.city}`;
}

export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
