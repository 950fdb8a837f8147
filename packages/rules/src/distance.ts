/**
 * Distances between a visitor and locations (SPEC §9): two decimals, in miles (unit `M`) or kilometres.
 */
import { DISTANCE } from "./constants";

export type DistanceUnit = (typeof DISTANCE.units)[number];
export type Coordinates = { latitude: number; longitude: number };

const EARTH_RADIUS = { M: 3958.7613, km: 6371.0088 } as const satisfies Record<DistanceUnit, number>;
const UNIT_SUFFIX = { M: "mi", km: "km" } as const satisfies Record<DistanceUnit, string>;

export function isCoordinates(value: Partial<Coordinates> | null | undefined): value is Coordinates {
  return (
    !!value &&
    typeof value.latitude === "number" &&
    typeof value.longitude === "number" &&
    Math.abs(value.latitude) <= 90 &&
    Math.abs(value.longitude) <= 180
  );
}

/** Rounds to SPEC §9's two decimals, half away from zero, without binary-float surprises (1.005 → 1.01). */
export function roundDistance(value: number): number {
  const factor = 10 ** DISTANCE.decimals;
  return Math.sign(value) * (Math.round(Number((Math.abs(value) * factor).toPrecision(12))) / factor);
}

/** Great-circle (haversine) distance, rounded to two decimals. */
export function distanceBetween(from: Coordinates, to: Coordinates, unit: DistanceUnit = "M"): number {
  for (const [name, point] of [["from", from], ["to", to]] as const) {
    if (!isCoordinates(point)) {
      throw new RangeError(`distanceBetween: ${name}: expected latitude -90..90 and longitude -180..180, got ${JSON.stringify(point)}`);
    }
  }
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return roundDistance(2 * EARTH_RADIUS[unit] * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** `2.50 mi`, `4.02 km` */
export function formatDistance(value: number, unit: DistanceUnit = "M"): string {
  return `${roundDistance(value).toFixed(DISTANCE.decimals)} ${UNIT_SUFFIX[unit]}`;
}

/** Locations with their distance from `from`, nearest first; locations without coordinates go last. */
export function sortByDistance<T extends Partial<Coordinates>>(
  locations: readonly T[],
  from: Coordinates,
  unit: DistanceUnit = "M",
): (T & { distance: number | null })[] {
  return locations
    .map((location, index) => ({
      location: { ...location, distance: isCoordinates(location) ? distanceBetween(from, location, unit) : null },
      index,
    }))
    .sort((a, b) => {
      const da = a.location.distance ?? Number.POSITIVE_INFINITY;
      const db = b.location.distance ?? Number.POSITIVE_INFINITY;
      return da - db || a.index - b.index;
    })
    .map(({ location }) => location);
}
