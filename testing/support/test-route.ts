// The operation id and summary a route() made up inside a test needs (it is in no route module, so
// nothing documents it): `route(...TEST_ROUTE, {...})`.
export const TEST_ROUTE = ["testOnly", "A route made up by a test"] as const;
