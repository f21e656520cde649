// What a refused body's validation errors say, field by field: the contract's schemas give the
// field code as the message (server/http/schemas.ts); JSON Schema keywords are read as before.
import type { FastifySchemaValidationError } from 'fastify';

import type { FieldErrorCode } from '../../contract/api';
import { FIELD_ERROR_CODES } from '../../contract/schemas';

function fieldOf(error: FastifySchemaValidationError): string | undefined {
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    return typeof missing === 'string' ? missing : undefined;
  }
  const match = /^\/([^/]+)/.exec(error.instancePath);
  return match?.[1];
}

/** A contract schema's refinement says its field code as its message. */
function fieldCodeOf(error: FastifySchemaValidationError): FieldErrorCode {
  const known = FIELD_ERROR_CODES.find((code) => code === error.message);
  if (known) return known;
  return error.keyword === 'maxLength' ? 'TOO_LONG' : 'REQUIRED';
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
