// The document fields a route() made up inside a test needs (it is in no route module, so nothing documents it).
export const TEST_ROUTE = { operationId: "testOnly", tag: "Health", summary: "A route made up by a test" } as const;
