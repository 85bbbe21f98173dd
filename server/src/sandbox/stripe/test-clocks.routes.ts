import type { Context } from 'koa';
import { closeDuePeriods } from './billing-cycle';
import { invalidRequest, missingParam, nowSecs, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import type { StripeState } from './stripe.state';

/**
 * Test clocks: time for the customers created on them. Advancing closes every period that ends on the way (renewal
 * invoices, charges, cancellations at period end) with their events. Stripe advances asynchronously (`advancing`,
 * then `ready`); the emulator has done the work by the time it answers, so the clock is already `ready`.
 */

const DELETES_AFTER_SECS = 30 * 24 * 3600;

function createClock(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const frozenTime = params.integer('frozen_time');
  if (frozenTime === undefined) throw missingParam('frozen_time');
  const clock: StripeObject = {
    id: state.newId('testClocks'),
    object: 'test_helpers.test_clock',
    created: nowSecs(),
    deletes_after: nowSecs() + DELETES_AFTER_SECS,
    frozen_time: frozenTime,
    livemode: false,
    name: params.string('name') ?? null,
    status: 'ready',
    status_details: {},
  };
  ctx.body = state.save('testClocks', clock);
}

/** Moves a test clock forward and runs what falls due; also what the sandbox offers tests in-process. */
export function advanceTestClock(state: StripeState, clockId: string, frozenTime: number): StripeObject {
  const clock = state.find('testClocks', clockId);
  if (frozenTime <= Number(clock.frozen_time)) {
    throw invalidRequest(
      'The frozen time for a test clock must be after its current frozen time.',
      'frozen_time',
      'test_clock_advance_invalid',
    );
  }
  const advanced = state.save('testClocks', { ...clock, frozen_time: frozenTime, status: 'ready' });
  closeDuePeriods(state, clockId);
  state.emit('test_helpers.test_clock.ready', advanced);
  return advanced;
}

export const testClockRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/test_helpers/test_clocks', handle: createClock },
  listRoute('/v1/test_helpers/test_clocks', 'testClocks', () => () => true),
  retrieveRoute('/v1/test_helpers/test_clocks/:id', 'testClocks'),
  {
    method: 'delete',
    path: '/v1/test_helpers/test_clocks/:id',
    handle: (ctx, state) => {
      const clock = state.find('testClocks', pathParam(ctx, 'id'));
      state.collections.testClocks.delete(clock.id);
      ctx.body = { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
    },
  },
  {
    method: 'post',
    path: '/v1/test_helpers/test_clocks/:id/advance',
    handle: (ctx, state) => {
      const frozenTime = paramsOf(ctx).integer('frozen_time');
      if (frozenTime === undefined) throw missingParam('frozen_time');
      ctx.body = advanceTestClock(state, pathParam(ctx, 'id'), frozenTime);
    },
  },
];
