import type { FastifyInstance } from 'fastify';
import type { Role, World } from './fixture.ts';
import { sampleValid, type JsonSchema } from './schema-sample.ts';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  /** "METHOD /api/path/{param}": the key of the declaration tables. */
  key: string;
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  /** Content type and schema of the request body, when the operation takes one. */
  body: { contentType: string; schema: JsonSchema | undefined } | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

function inlineRefs(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 12 || typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, components, depth + 1));
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return inlineRefs(components[ref.split('/').pop() ?? ''], components, depth + 1);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inlineRefs(value, components, depth + 1)]),
  );
}

/** Every operation of the app's OpenAPI document (the docs routes excluded). */
export function listOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map(
          (parameter) => inlineRefs(parameter, components) as OpenApiParameter,
        ),
        body: contentType
          ? {
              contentType,
              schema: inlineRefs(media?.schema, components) as JsonSchema | undefined,
            }
          : null,
      });
    }
  }
  return operations;
}

export interface PreparedRequest {
  method: string;
  /** Path and query, e.g. /api/project/…/models?sort=name */
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** tus needs its own headers; the rest of the API is JSON. */
function tusHeaders(op: Operation, world: World): Record<string, string> {
  if (!op.path.startsWith('/api/uploads')) return {};
  const headers: Record<string, string> = { 'tus-resumable': '1.0.0' };
  if (op.method === 'POST' && op.path === '/api/uploads') {
    headers['upload-length'] = '64';
    headers['upload-metadata'] =
      `projectId ${b64(world.team.project.id)},filename ${b64('sweep.obj')}`;
  }
  if (op.method === 'PATCH' || (op.method === 'POST' && op.path !== '/api/uploads')) {
    headers['upload-offset'] = '0';
    headers['content-type'] = 'application/offset+octet-stream';
    if (op.method === 'POST') headers['x-http-method-override'] = 'PATCH';
  }
  return headers;
}

/**
 * A well-formed request of `role` for `op`: path parameters pointing at the world's rows,
 * required query parameters and a schema-valid body (hints fill ids and confirmations).
 */
export function validRequest(
  op: Operation,
  world: World,
  role: Role,
  overrides: { params?: Record<string, string>; body?: unknown } = {},
): PreparedRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(overrides.params?.[name] ?? world.param(op.path, name)),
  );
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query.set(parameter.name, String(sampleValid(parameter.schema, world.hints, parameter.name)));
  }
  const auth = world.as(role, op.path);
  const headers: Record<string, string> = { ...auth.headers, ...tusHeaders(op, world) };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  let body: string | Buffer | undefined;
  if (op.body) {
    if (op.body.contentType.includes('json')) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(
        'body' in overrides ? overrides.body : sampleValid(op.body.schema, world.hints),
      );
    } else {
      headers['content-type'] = op.body.contentType;
      body = Buffer.from('not really a file');
    }
  } else if (headers['content-type'] === 'application/offset+octet-stream') {
    body = Buffer.from('v 0 0 0\n');
  }
  const search = query.toString();
  return { method: op.method, url: search ? `${path}?${search}` : path, headers, body };
}

interface SentResponse {
  status: number;
  text: string;
  contentType: string;
}

export async function send(baseUrl: string, request: PreparedRequest): Promise<SentResponse> {
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
  });
  const contentType = response.headers.get('content-type') ?? '';
  // An event stream never ends: its status and headers are the answer.
  if (request.method === 'HEAD' || contentType.includes('event-stream')) {
    await response.body?.cancel();
    return { status: response.status, text: '', contentType };
  }
  return { status: response.status, text: await response.text(), contentType };
}
