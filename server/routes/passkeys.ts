// Passkeys (WebAuthn): the signed-in account's passkeys, and signing in with one.
import { defineRoutes } from '../http/endpoints';

const passkeyRoutes = defineRoutes(async () => {
  return {
    passkeyRegistrationOptions: async (_request, reply) => reply.fail('SERVICE_UNAVAILABLE'),
    addPasskey: async (_request, reply) => reply.fail('SERVICE_UNAVAILABLE'),
    passkeys: async () => ({ error: false as const, passkeys: [] }),
    renamePasskey: async (_request, reply) => reply.fail('NOT_FOUND'),
    removePasskey: async (_request, reply) => reply.fail('NOT_FOUND'),
    passkeyLoginOptions: async (_request, reply) => reply.fail('SERVICE_UNAVAILABLE'),
    passkeyLogin: async (_request, reply) => reply.fail('INVALID_CREDENTIAL'),
  };
});

export default passkeyRoutes;
