/**
 * The PGlite data directory that is no directory: the database lives in the process's memory and is gone when it
 * ends (tests, a throwaway demo). Accepted as DATA_DIR; any other URL there is refused by the configuration.
 */
export const PGLITE_IN_MEMORY = "memory://";
