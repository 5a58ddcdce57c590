// The path and query a request asked for, as it reached our HTTP layer (lib/server/http-server.ts
// writes it over anything a client sent). A layout has no other way to know the page it renders, and
// the signed-in layout needs it to send a signed-out person to sign in and back again.
export const REQUESTED_PATH_HEADER = "x-ll-path";
