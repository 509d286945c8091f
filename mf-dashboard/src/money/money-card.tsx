import { useMemo } from 'react';
import { Link } from '@cadence/shared-router';
import { LoadError } from '../shared/load-error.tsx';
import { formatMoney } from '../shared/money.ts';
import { monthStart } from './ledger.ts';
import { useBalances, useIncomeEntries } from './money-queries.ts';
import { incomeReport } from './reports.ts';
import './money.css';

/** Today's money card: what clients owe in all, what came in this month, and the way to Payments. */
export function MoneyCard({ today, currency }: { today: string; currency: string }) {
  const balances = useBalances();
  const income = useIncomeEntries(monthStart(today), today);
  const outstanding = useMemo(() => (balances.data ?? []).reduce((sum, balance) => sum + Math.max(0, balance.balance), 0), [balances.data]);
  const received = useMemo(() => {
    if (!income.data) return null;
    const month = Number(today.slice(5, 7));
    return incomeReport(income.data, Number(today.slice(0, 4))).months[month - 1]?.net ?? 0;
  }, [income.data, today]);

  return (
    <section aria-labelledby="today-money" className="money-card">
      <h3 id="today-money" className="today__subtitle">
        Money
      </h3>
      {balances.isError || income.isError ? (
        <LoadError what="Loading balances failed" onRetry={() => void (balances.isError ? balances.refetch() : income.refetch())} />
      ) : balances.isPending || received === null ? (
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
