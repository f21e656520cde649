// Fastify's JSON schemas check the shape of a body; contract/rules.ts checks the values.
import type { FastifySchemaValidationError } from 'fastify';

import type { FieldErrorCode } from '../../contract/api';
import type { FieldErrors } from '../../contract/rules';

/** A JSON schema for an object of required strings, loosely capped (rules.ts has the real limits). */
export function stringsBody<K extends string>(fields: readonly K[]) {
  return {
    type: 'object',
    required: fields,
    properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', maxLength: 1024 }])),
  } as const;
}

function fieldOf(error: FastifySchemaValidationError): string | undefined {
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    return typeof missing === 'string' ? missing : undefined;
  }
  const match = /^\/([^/]+)/.exec(error.instancePath);
  return match?.[1];
}

export function schemaFieldErrors(
  errors: FastifySchemaValidationError[],
): Record<string, FieldErrorCode> | undefined {
  const fields: Record<string, FieldErrorCode> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (field && !fields[field])
      fields[field] = error.keyword === 'maxLength' ? 'TOO_LONG' : 'REQUIRED';
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export function hasFieldErrors(
  errors: FieldErrors<string>,
): errors is Record<string, FieldErrorCode> {
  return Object.keys(errors).length > 0;
}
