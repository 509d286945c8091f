import { useMemo } from 'react';
import { Link } from '@cadence/shared-router';
import { LoadError } from '../shared/load-error.tsx';
import { formatMoney } from '@cadence/shared-auth/money';
import { monthStart } from './months.ts';
import { incomeFromTotals } from './ledger-totals.ts';
import { useBalances, useIncomeEntries, useLedgerTotals } from './practice-money-queries.ts';
import { incomeReport } from './income-report.ts';
import './money.css';

/**
 * Today's money card: what clients owe in all, what came in this month, and the way to Payments.
 * Read from the practice's ledger totals (two documents' worth); without them, from every balance
 * and this month's payments.
 */
export function MoneyCard({ today, currency }: { today: string; currency: string }) {
  const totals = useLedgerTotals();
  const withoutTotals = totals.data === null;
  const balances = useBalances(withoutTotals);
  const income = useIncomeEntries(monthStart(today), today, withoutTotals);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const outstanding = useMemo(
    () => (totals.data ? totals.data.owed : balances.data ? balances.data.reduce((sum, balance) => sum + Math.max(0, balance.balance), 0) : null),
    [totals.data, balances.data],
  );
  const received = useMemo(() => {
    const report = totals.data ? incomeFromTotals(totals.data, year) : income.data ? incomeReport(income.data, year) : null;
    return report ? report.months[month - 1]?.net ?? 0 : null;
  }, [totals.data, income.data, year, month]);
  const failed = totals.isError || balances.isError || income.isError;

  return (
    <section aria-labelledby="today-money" className="money-card">
      <h3 id="today-money" className="today__subtitle">
        Money
      </h3>
      {failed ? (
        <LoadError what="Loading balances failed" onRetry={() => void (totals.isError ? totals.refetch() : balances.isError ? balances.refetch() : income.refetch())} />
      ) : outstanding === null || received === null ? (
        <p className="today__hint">Loading…</p>
      ) : (
        <dl className="money-figures money-card__figures">
          <div>
            <dt>Outstanding</dt>
            <dd className="money-figure">{formatMoney(outstanding, currency)}</dd>
          </div>
          <div>
            <dt>Payments this month</dt>
            <dd className="money-figure">{formatMoney(received, currency)}</dd>
          </div>
        </dl>
      )}
      <p className="today__hint">
        <Link to="/dashboard/payments">Payments and balances due</Link>
      </p>
    </section>
  );
}
