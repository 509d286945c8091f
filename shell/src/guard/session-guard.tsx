import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../layout/spinner.tsx';
import { guardDecision } from './guard-outcome.ts';
import { validateSessionAndProfile } from './session-validation.ts';

/** Renders a guarded route's page only after the session and profile check passes (spec §2). */
export function SessionGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let current = true;
    validateSessionAndProfile()
      .then(guardDecision, (error: unknown) => {
        console.warn('Session validation failed', error);
        return guardDecision(null);
      })
      .then((decision) => {
        if (!current) return;
        if (decision.kind === 'render') setAllowed(true);
        else navigate(decision.to, { replace: true, state: decision.state });
      });
    return () => {
      current = false;
    };
  }, [navigate]);

  return allowed ? children : <Spinner label="Checking your session…" />;
}
