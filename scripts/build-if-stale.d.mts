/** Builds the web bundle and the server when the build is missing or older than the sources. */
export function buildIfStale(): void;
