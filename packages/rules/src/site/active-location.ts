/**
 * The active business location (SPEC §4): the one the visitor chose (when storage is on and the id
 * still exists), else the configured default, else the primary location, else the first.
 */
export type ActiveLocationCandidate = { id: string; primaryLocation?: boolean | null };

export function chooseActiveLocation<T extends ActiveLocationCandidate>(
  locations: readonly T[],
  options: { storedId?: string | null; defaultId?: string | null } = {},
): T | undefined {
  const byId = (id: string | null | undefined) => (id ? locations.find((location) => location.id === id) : undefined);
  return byId(options.storedId) ?? byId(options.defaultId) ?? locations.find((location) => location.primaryLocation) ?? locations[0];
}
