import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '@cadence/shared-auth';
import { Spinner } from '../layout/spinner.tsx';
import { guardDecision } from './guard-outcome.ts';

/** Renders a guarded route's page only after the session and profile check passes (spec §2). */
export function SessionGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const validateSession = useAuthStore((state) => state.validateSession);
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let current = true;
    validateSession()
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
  }, [navigate, validateSession]);

  return allowed ? children : <Spinner label="Checking your session…" />;
}
