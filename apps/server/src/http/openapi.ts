import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as contract from '@foyer/contract';
import { type ApiRoute, apiErrorSchema, apiRoutes } from '@foyer/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REFRESH_COOKIE } from '../features/auth/refresh-cookie';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract's route catalogue
 * (packages/contract/src/routes) with zod's own JSON Schema output (draft 2020-12, the dialect of
 * OpenAPI 3.1), served at GET /api/v1/openapi.json; and a reference page for it at GET /api/docs,
 * rendered by Scalar from the copy bundled in the npm package (no CDN, no web fonts). Scalar's
 * package is a 5 MB script that costs a process ~30 MB: it loads with the first visit to the page,
 * in a Fastify instance of its own that the page's routes hand each request to.
 */

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PREFIX = '/api/docs';
const API_PREFIX = '/api/v1';

type JsonSchema = { [key: string]: unknown };

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The contract's exported schemas by name: `invitationSchema` → Invitation, `eventQuery` → EventQuery. */
function contractSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [key, value] of Object.entries(contract)) {
    if (!(value instanceof z.ZodType) || names.has(value)) continue;
    names.set(value, pascal(key.endsWith('Schema') ? key.slice(0, -'Schema'.length) : key));
  }
  return names;
}

const jsonSchemaOptions = { target: 'draft-2020-12', unrepresentable: 'any', cycles: 'ref' } as const;

/** Drops what a component or an inline schema does not carry inside an OpenAPI document. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * One component per named contract schema a route uses, plus one per anonymous route body or
 * answer (`{OperationId}Body`, `{OperationId}Data`); references between them are `$ref`s.
 */
function components(routes: readonly ApiRoute[], names: Map<z.ZodType, string>) {
  const idOf = (schema: z.ZodType, fallback: string, registry: z.core.$ZodRegistry<{ id: string }>) => {
    const known = registry.get(schema)?.id;
    if (known) return known;
    const id = names.get(schema) ?? fallback;
    registry.add(schema, { id });
    return id;
  };

  // Answers: every named contract schema is a candidate component (kept only when referenced).
  const output = z.registry<{ id: string }>();
  for (const [schema, name] of names)
    if (!/(Request|Query|Params)$/.test(name)) output.add(schema, { id: name });
  output.add(apiErrorSchema, { id: 'ApiError' });
  const dataIds = new Map<ApiRoute, string>();
  for (const route of routes) dataIds.set(route, idOf(route.response, `${pascal(route.id)}Data`, output));

  // Bodies, as a client sends them (before defaults and transforms).
  const input = z.registry<{ id: string }>();
  const bodyIds = new Map<ApiRoute, string>();
  for (const route of routes) {
    if (route.body) bodyIds.set(route, idOf(route.body, `${pascal(route.id)}Body`, input));
  }

  const uri = (id: string) => `#/components/schemas/${id}`;
  const outputSchemas = z.toJSONSchema(output, { ...jsonSchemaOptions, io: 'output', uri }).schemas;
  const inputSchemas = z.toJSONSchema(input, { ...jsonSchemaOptions, io: 'input', uri }).schemas;

  // Keep what the paths reach.
  const all: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(outputSchemas)) all[id] = clean(schema as JsonSchema);
  for (const [id, schema] of Object.entries(inputSchemas)) all[id] = clean(schema as JsonSchema);
  const reached = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const id = value.slice('#/components/schemas/'.length);
        if (!reached.has(id)) {
          reached.add(id);
          visit(all[id]);
        }
      } else visit(value);
    }
  };
  visit([...dataIds.values(), ...bodyIds.values(), 'ApiError'].map(ref));
  const schemas = Object.fromEntries(
    Object.entries(all)
      .filter(([id]) => reached.has(id))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { schemas, dataIds, bodyIds };
}

/** Path and query fields as OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, place: 'path' | 'query') {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { ...jsonSchemaOptions, io: 'input' }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: clean(property),
  }));
}

const SECURITY = {
  none: undefined,
  user: [{ bearerAuth: [] }],
  optional: [{}, { bearerAuth: [] }],
  apiKey: [{ apiKeyAuth: [] }],
} as const;

/** The document for these routes (every route under /api/v1 by default). */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = apiRoutes) {
  const { schemas, dataIds, bodyIds } = components(routes, contractSchemaNames());
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const dataId = dataIds.get(route) ?? '';
    const bodyId = bodyIds.get(route);
    const security = SECURITY[route.auth];
    const success = route.produces
      ? Object.fromEntries(
          [route.produces]
            .flat()
            .map((type) => [
              type,
              { schema: clean(z.toJSONSchema(route.response, jsonSchemaOptions) as JsonSchema) },
            ]),
        )
      : {
          'application/json': {
            schema: {
              type: 'object',
              properties: { success: { const: true }, data: ref(dataId) },
              required: ['success', 'data'],
            },
          },
        };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      ...(security ? { security } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(bodyId
        ? { requestBody: { required: true, content: { 'application/json': { schema: ref(bodyId) } } } }
        : {}),
      responses: {
        '200': { description: 'Success', content: success },
        default: {
          description: 'Failure: 400 bad input (`fields` names each problem), 401, 403, 404, 409, 429, 5xx',
          content: { 'application/json': { schema: ref('Failure') } },
        },
      },
    };
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Foyer API',
      version,
      description:
        'Every answer is an envelope: `{ success: true, data }` or `{ success: false, error: { code, msg, fields? } }`. ' +
        'Sign in with POST /api/v1/auth/login and send the access token as `Authorization: Bearer …`; ' +
        'the refresh token travels in an httpOnly cookie (GET /api/v1/user/token/refresh). ' +
        'Realtime pushes come over socket.io at /api/v1/realtime.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: {
        ...schemas,
        Failure: {
          type: 'object',
          properties: { success: { const: false }, error: ref('ApiError') },
          required: ['success', 'error'],
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        // An event's API key (integration routes); `Authorization: Bearer foyer_…` works too.
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The inline scripts of an HTML page as CSP hashes, so that the page runs without 'unsafe-inline'. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** GET /api/v1/openapi.json and the reference page GET /api/docs. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: OpenApiDocument | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= buildOpenApiDocument();
    reply.header('cache-control', 'no-cache');
    return document;
  });

  let docs: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    if (docs) await (await docs).close();
  });
  const serveDocs = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= docsApp();
    const answer = await (await docs).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: { 'accept-encoding': 'identity' },
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    reply.code(answer.statusCode);
    const text = String(answer.headers['content-type'] ?? '').startsWith('text/');
    return reply.send(text ? answer.body : answer.rawPayload);
  };

  await app.register(async (scope) => {
    // The page's one inline script (Scalar's start-up call) is allowed by its hash, nothing else is.
    scope.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html')) {
        return payload;
      }
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      const hashes = inlineScriptHashes(payload).join(' ');
      reply.header('content-security-policy', csp.replace(/script-src ([^;]*)/, `script-src $1 ${hashes}`));
      return payload;
    });
    scope.get(DOCS_PREFIX, serveDocs);
    scope.get(`${DOCS_PREFIX}/*`, serveDocs);
  });
}

/** Headers of the inner answer that describe its own connection, not the page. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** Scalar's reference page in an instance of its own, loaded on the first request for it. */
async function docsApp(): Promise<FastifyInstance> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const inner = Fastify({ logger: false });
  await inner.register(scalar, {
    routePrefix: DOCS_PREFIX,
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'Foyer API',
      // Offline-friendly: the system font stack instead of fonts from Scalar's servers.
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      // No hosted extras (AI agent, deploy and SDK buttons): a plain reference page.
      showDeveloperTools: 'never',
      agent: { disabled: true },
    },
  });
  await inner.ready();
  return inner;
}
