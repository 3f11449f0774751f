import { z } from 'zod';

// zod → JSON Schema (2020-12, the dialect of OpenAPI 3.1), for Fastify's response serialiser and
// for the OpenAPI document. Requests are described as they arrive (`input`: before coercion and
// defaults), responses as they leave (`output`).

export type JsonSchema = { [keyword: string]: unknown };

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Checks that JSON Schema cannot say (refinements, transforms) are left out of the description;
  // the zod schema still applies them.
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return withNullableTypes(described) as JsonSchema;
}

/**
 * zod writes a nullable object as `anyOf: [{type: 'object', …}, {type: 'null'}]`. The same thing
 * said as `type: ['object', 'null']` lets fast-json-stringify pick the branch by `typeof` instead
 * of running a validator per value, and reads the same in the OpenAPI document.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)] as const);
  const schema: JsonSchema = Object.fromEntries(entries);
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(schema).length !== 1) return schema;
  const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
  const [first, second] = branches as JsonSchema[];
  const other = first && isNull(first) ? second : second && isNull(second) ? first : undefined;
  if (!other || typeof other.type !== 'string') return schema;
  return { ...other, type: [other.type, 'null'] };
}
