import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { repairLedgerTotals } from './api/money-functions.ts';
import { getLedgerTotals, listBalances, listIncomeEntries } from './api/read-totals.ts';
import { FRESH, moneyKeys } from './money-keys.ts';

// The practice-wide money reads: Today's money card, Payments and the reports (apart from
// money-queries.ts, which Today does not load).

/**
 * The practice's ledger totals (issue 35). A practice without them (its entries predate them) has
 * them made once by the ledger function's repair; should that fail, null: the screens then add up
 * the entries themselves.
 */
export function useLedgerTotals(enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.totals(userId),
    queryFn: async () => {
      const totals = await getLedgerTotals(userId);
      if (totals) return totals;
      const repaired = await repairLedgerTotals().then(() => true, () => false);
      return repaired ? getLedgerTotals(userId) : null;
    },
    enabled: userId !== '' && enabled,
    ...FRESH,
    meta: { failure: 'Adding up transactions failed' },
  });
}

export function useBalances(enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.balances(userId),
    queryFn: () => listBalances(userId),
    enabled: userId !== '' && enabled,
    ...FRESH,
    meta: { failure: 'Loading balances failed' },
  });
}

/** Payments and refunds dated in [from, to]. */
export function useIncomeEntries(from: string, to: string, enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.income(userId, from, to),
    queryFn: () => listIncomeEntries(userId, from, to),
    enabled: userId !== '' && enabled,
    ...FRESH,
    meta: { failure: 'Loading payments failed' },
  });
}
