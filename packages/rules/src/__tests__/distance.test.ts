import { distanceBetween, formatDistance, roundDistance, sortByDistance } from "../distance";

describe("roundDistance (SPEC §9: 2 decimals)", () => {
  it.each<[number, number]>([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [0, 0],
    [12.3456, 12.35],
    [-1.005, -1.01],
  ])("%p → %p", (value, expected) => {
    expect(roundDistance(value)).toBe(expected);
  });
});

describe("distanceBetween (haversine)", () => {
  it.each<[string, [number, number], [number, number], "M" | "km" | undefined, number]>([
    ["one degree of longitude on the equator, miles by default", [0, 0], [0, 1], undefined, 69.09],
    ["one degree of longitude on the equator, km", [0, 0], [0, 1], "km", 111.2],
    ["one degree of latitude, miles", [10, 20], [11, 20], "M", 69.09],
    ["the same point", [40.7128, -74.006], [40.7128, -74.006], "M", 0],
    ["New York to Los Angeles, miles", [40.7128, -74.006], [34.0522, -118.2437], "M", 2445.56],
    ["New York to Los Angeles, km", [40.7128, -74.006], [34.0522, -118.2437], "km", 3935.75],
    ["across the antimeridian", [0, 179.5], [0, -179.5], "km", 111.2],
  ])("%s", (_name, [lat1, lon1], [lat2, lon2], unit, expected) => {
    expect(distanceBetween({ latitude: lat1, longitude: lon1 }, { latitude: lat2, longitude: lon2 }, unit)).toBe(expected);
  });

  it("names bad coordinates", () => {
    expect(() => distanceBetween({ latitude: 91, longitude: 0 }, { latitude: 0, longitude: 0 })).toThrow(
      'distanceBetween: from: expected latitude -90..90 and longitude -180..180, got {"latitude":91,"longitude":0}',
    );
  });
});

describe("formatDistance", () => {
  it.each<[number, "M" | "km" | undefined, string]>([
    [2.5, undefined, "2.50 mi"],
    [2.5, "M", "2.50 mi"],
    [4.0234, "km", "4.02 km"],
    [0, "km", "0.00 km"],
    [1.005, "M", "1.01 mi"],
  ])("%p %p → %p", (value, unit, expected) => {
    expect(formatDistance(value, unit)).toBe(expected);
  });
});

describe("sortByDistance", () => {
  it("orders nearest first, keeps data order on ties, puts unknown coordinates last", () => {
    const from = { latitude: 0, longitude: 0 };
    const sorted = sortByDistance(
      [
        { id: "far", latitude: 0, longitude: 2 },
        { id: "unknown" },
        { id: "near", latitude: 0, longitude: 1 },
        { id: "near-too", latitude: 1, longitude: 0 },
      ],
      from,
    );
    expect(sorted.map((location) => [location.id, location.distance])).toEqual([
      ["near", 69.09],
      ["near-too", 69.09],
      ["far", 138.19],
      ["unknown", null],
    ]);
  });
});
