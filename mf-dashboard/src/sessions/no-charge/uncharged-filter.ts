import { Query } from '@cadence/shared-auth';

/** The All Sessions address parameter of the "Attended, no charge" filter (`charge=none`). */
export const UNCHARGED_PARAM = 'charge';

/**
 * The queries of attended sessions with no charge (issue 29): Show, and no fee recorded or a "No
 * charge" decision — those decided stay findable, with who decided and when.
 */
export function unchargedQueries(): string[] {
  return [Query.equal('status', 'show'), Query.or([Query.isNull('feeAmount'), Query.equal('feeAmount', 0), Query.isNotNull('noChargeAt')])];
}
