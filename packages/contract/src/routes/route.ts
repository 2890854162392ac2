import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * none: public; user: a bearer access token is required; optional: public, a token changes the answer;
 * apiKey: an event's API key (`Authorization: Bearer foyer_…` or `X-Api-Key`), docs/decisions/017.
 */
export type RouteAuth = 'none' | 'user' | 'optional' | 'apiKey';

/**
 * One route of the API as the server registers it under /api/v1: what it takes and what it answers.
 * The OpenAPI document (GET /api/v1/openapi.json) is generated from these entries, and a server test
 * checks that they match the registered routes and that real answers validate against `response`.
 */
export interface ApiRoute {
  /** Unique, camelCase: the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Under /api/v1, with `:name` path parameters, exactly as registered. */
  path: string;
  summary: string;
  /** The feature that serves it (one name per feature, as on the server and the web). */
  tag: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The `data` of the success envelope `{ success: true, data }`. Failures are always
   * `{ success: false, error: { code, msg, fields? } }`.
   */
  response: z.ZodType;
  /**
   * Answers that are not the JSON envelope (a calendar, a CSV file): their content type, or the
   * types a query chooses among (the first is the default).
   */
  produces?: string | readonly string[];
}

/** Declares a feature's routes (keeps the literal types and checks each entry). */
export const defineRoutes = (tag: string, routes: Omit<ApiRoute, 'tag'>[]): ApiRoute[] =>
  routes.map((route) => ({ ...route, tag }));

/** The `data` of routes that answer nothing but success. */
export const noDataSchema = z.null();
