// What a refused body's validation errors say, field by field: the contract's Valibot schemas
// validate every body (http/endpoints.ts), and each refinement gives the field code as its message.
import type { FastifySchemaValidationError } from 'fastify';

import type { FieldErrorCode } from '../../contract/api';
import { FIELD_ERROR_CODES } from '../../contract/schemas';

/** The body field an issue is about: the first key of its path. */
function fieldOf(error: FastifySchemaValidationError): string | undefined {
  return /^\/([^/]+)/.exec(error.instancePath)?.[1];
}

/** A refinement's message is its field code; any other refusal (a missing field) is REQUIRED. */
function fieldCodeOf(error: FastifySchemaValidationError): FieldErrorCode {
  return FIELD_ERROR_CODES.find((code) => code === error.message) ?? 'REQUIRED';
}

export function schemaFieldErrors(
  errors: FastifySchemaValidationError[],
): Record<string, FieldErrorCode> | undefined {
  const fields: Record<string, FieldErrorCode> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (field && !fields[field]) fields[field] = fieldCodeOf(error);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}
