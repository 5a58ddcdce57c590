export { createApiClient, type ApiClient, type ApiClientOptions, type PostOptions } from "@/lib/client/api-client";
export { ApiError, errorMessage, isApiError } from "@/lib/client/errors";
export { queryKeys } from "@/lib/client/query-keys";
export type * from "@/lib/client/types";
