import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type ZodSerializerCompiler = typeof zodSerializerCompiler;

/**
 * The response serializer: zod's (the body is checked against the route's response schema,
 * then JSON.stringify), remembering the JSON of frozen bodies. The read cache freezes what it
 * keeps (modules/cache), so a body answered from memory is encoded once per route and status,
 * not once per request; anything else is encoded every time.
 */
export const serializerCompiler: ZodSerializerCompiler = (routeSchema) => {
  const serialize = zodSerializerCompiler(routeSchema);
  const encoded = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
      return serialize(data);
    }
    let text = encoded.get(data);
    if (text === undefined) {
      text = serialize(data);
      encoded.set(data, text);
    }
    return text;
  };
};
