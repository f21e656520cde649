// Signing in with an OpenID Connect provider (CONTRACT section 2c; server/oidc/): the providers,
// a flow's start, the provider's callback, the handoff's end in the app, the account's connected
// providers and disconnecting one.
import { defineRoutes } from '../http/endpoints';

const oidcRoutes = defineRoutes(async () => ({
  oidcProviders: async () => ({ error: false as const, providers: [] }),
  oidcStart: async (_request, reply) => reply.fail('NOT_FOUND'),
  oidcCallback: async (_request, reply) => reply.fail('NOT_FOUND'),
  oidcComplete: async (_request, reply) => reply.fail('NOT_FOUND'),
  oidcConnections: async (_request, reply) => reply.fail('NOT_FOUND'),
  oidcDisconnect: async (_request, reply) => reply.fail('NOT_FOUND'),
}));

export default oidcRoutes;
