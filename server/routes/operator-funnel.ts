// GET /v1/api/operator/funnel?from=&to=: the funnel of every visitor over whole UTC days
// (server/funnel/funnel.ts), behind the operator gate like the rest of the operator API.
import { funnelPeriod } from '../../contract/funnel';
import { requireOperator } from '../auth/operator';
import { computeFunnel } from '../funnel/funnel';
import { defineRoutes } from '../http/endpoints';

const operatorFunnelRoutes = defineRoutes(async (app) => ({
  operatorFunnel: {
    preHandler: requireOperator,
    handler: async (request, reply) => {
      const period = funnelPeriod(request.query.from, request.query.to, app.clock.nowMs());
      if ('field' in period) return reply.fail('VALIDATION', { [period.field]: period.why });
      return computeFunnel(app.db, period);
    },
  },
}));

export default operatorFunnelRoutes;
