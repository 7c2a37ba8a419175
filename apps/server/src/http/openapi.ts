import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { docsDirectives, serializeDirectives } from './security-headers.ts';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1 generated from the contracts' zod schemas; Swagger UI at /api/docs and the JSON
 * document at /api/docs/json. Register before any route so every route is collected.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  options: { https: boolean },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Truss API',
        description:
          'Truss: view 3D and BIM models, organise them in projects and share them. Errors are `{ statusCode, statusMessage, message, code }`; send `Accept-Language: zh-CN` for Chinese texts.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [
        `${DOCS_PREFIX}/`,
        `${DOCS_PREFIX}/initOAuth`,
        `${DOCS_PREFIX}/json`,
        `${DOCS_PREFIX}/uiConfig`,
        `${DOCS_PREFIX}/yaml`,
        `${DOCS_PREFIX}/*`,
        `${DOCS_PREFIX}/static/*`,
      ],
    }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Its own CSP (inline styles) in place of the app's, on the docs routes only.
    staticCSP: serializeDirectives(docsDirectives(options.https)),
  });
}
