// The contract's Valibot schemas (contract/schemas.ts) drive Fastify: they validate bodies (their
// refinements give the field codes of a VALIDATION answer), type the handlers through a type
// provider, and serialize answers with fast-json-stringify from their JSON Schema, so an answer
// never carries a property its schema does not name (no password hash, no token beside a user).
import { toJsonSchema } from '@valibot/to-json-schema';
import fastJson from 'fast-json-stringify';
import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import * as v from 'valibot';

// Written here: Fastify's type provider interface is these two lines, and no maintained package
// provides it for Valibot.
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

export function isValibotSchema(schema: unknown): schema is v.GenericSchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { kind?: unknown }).kind === 'schema' &&
    '~standard' in schema
  );
}

/** The JSON Schema of a contract schema; refinements that JSON Schema cannot say are left out. */
export function jsonSchemaOf(
  schema: v.GenericSchema,
  target: 'draft-07' | 'draft-2020-12' = 'draft-07',
) {
  return toJsonSchema(schema, { errorMode: 'ignore', target });
}

/** Valibot's issues in the shape Fastify keeps on `error.validation`; the message is the code. */
function validationErrors(issues: readonly v.BaseIssue<unknown>[]): FastifySchemaValidationError[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key));
    return {
      keyword: issue.type,
      instancePath: path.length > 0 ? `/${path.join('/')}` : '',
      schemaPath: '',
      params: {},
      message: issue.message,
    };
  });
}

const validatorCompiler: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema }) =>
  (data) => {
    const result = v.safeParse(schema, data);
    return result.success
      ? { value: result.output }
      : { error: validationErrors(result.issues) as unknown as Error };
  };

const serializerCompiler: FastifySerializerCompiler<v.GenericSchema> = ({ schema }) =>
  fastJson(jsonSchemaOf(schema) as Parameters<typeof fastJson>[0]);

/**
 * Makes the contract's schemas the validators and serializers of the routes of this plugin (an
 * encapsulated context) and returns the instance typed by them.
 */
export function withContract(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ValibotTypeProvider>();
}
