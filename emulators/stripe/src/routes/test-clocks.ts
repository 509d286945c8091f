import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, requiredParam } from '../errors.ts';
import { newId } from '../ids.ts';
import { runDue } from '../lifecycle/billing.ts';
import { DAY } from '../lifecycle/jobs.ts';
import type { Customer, Subscription } from '../objects.ts';
import type { StoredObject } from '../store.ts';
import { int, paramsOf, str } from '../wire.ts';
import { body, integer, listParams, query, string } from './params.ts';
import { many, one } from './respond.ts';

interface TestClock extends StoredObject {
  frozen_time: number;
  status: 'ready' | 'advancing' | 'internal_failure';
  name: string | null;
}

const testClockRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  const find = (id: string): TestClock => {
    const clock = store.get<TestClock>('test_helpers.test_clock', id);
    if (!clock) throw missing('test_helpers.test_clock', id);
    return clock;
  };

  app.post('/test_helpers/test_clocks', { schema: body({ frozen_time: integer, name: string(300), customer: string() }) }, async (request) => {
    const p = paramsOf(request);
    const frozen = int(p, 'frozen_time');
    if (frozen === undefined) throw requiredParam('frozen_time');
    const now = ctx.clock.now();
    const clock: TestClock = {
      id: newId('clock'), object: 'test_helpers.test_clock', created: now, deletes_after: now + 7 * DAY, frozen_time: frozen,
      livemode: false, name: str(p, 'name') ?? null, status: 'ready', status_details: {},
    };
    store.put(clock);
    const customerId = str(p, 'customer');
    if (customerId) {
      const customer = store.get<Customer>('customer', customerId);
      if (!customer) throw missing('customer', customerId, 'customer');
      store.put({ ...customer, test_clock: clock.id });
    }
    ctx.emit('test_helpers.test_clock.created', clock);
    return one(ctx, p, clock);
  });

  app.get<{ Params: { id: string } }>('/test_helpers/test_clocks/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), find(request.params.id)));

  app.get('/test_helpers/test_clocks', { schema: query(listParams) }, async (request) => many(ctx, paramsOf(request), store.all('test_helpers.test_clock'), '/v1/test_helpers/test_clocks'));

  // Real Stripe answers `advancing` and works in the background; here the work is done before answering, so the
  // clock is already `ready` (clients that poll for ready see it on the first retrieve).
  app.post<{ Params: { id: string } }>('/test_helpers/test_clocks/:id/advance', { schema: body({ frozen_time: integer }) }, async (request) => {
    const p = paramsOf(request);
    const clock = find(request.params.id);
    const target = int(p, 'frozen_time');
    if (target === undefined) throw requiredParam('frozen_time');
    if (target <= clock.frozen_time) throw invalid('The frozen_time must be after the test clock\'s current frozen time.', 'frozen_time', 'parameter_invalid_integer');
    ctx.emit('test_helpers.test_clock.advancing', { ...clock, status: 'advancing', status_details: { advancing: { target_frozen_time: target } } });
    runDue(ctx, clock.id, target, (t) => {
      const current = find(clock.id);
      store.put({ ...current, frozen_time: Math.max(current.frozen_time, t) });
    });
    const ready = find(clock.id);
    ctx.emit('test_helpers.test_clock.ready', ready);
    return one(ctx, p, ready);
  });

  app.delete<{ Params: { id: string } }>('/test_helpers/test_clocks/:id', { schema: query() }, async (request) => {
    const clock = find(request.params.id);
    // Deleting a clock deletes the customers and subscriptions attached to it (PROTOCOL §4.2).
    for (const sub of store.all<Subscription>('subscription').filter((s) => s.test_clock === clock.id)) {
      store.cancelJobs(sub.id);
      store.remove(sub.id);
    }
    for (const customer of store.all<Customer>('customer').filter((c) => c.test_clock === clock.id)) store.remove(customer.id);
    store.remove(clock.id);
    ctx.emit('test_helpers.test_clock.deleted', clock);
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  });
};

export default testClockRoutes;
