import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { isClientUser } from './client-user.ts';

/**
 * Issue 31: the /portal prefix's guard. A signed-in therapist lands on /dashboard; everyone else
 * (signed out, or a client) gets mf-portal, whose own guard sends a signed-out visitor to its
 * sign-in page. While the session is unknown nothing is shown, so a therapist never sees the portal.
 */
export function PortalGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const status = useAuthStore((state) => state.status);
  const therapist = useAuthStore((state) => state.status === 'signedIn' && !isClientUser(state.user));
  useEffect(() => {
    if (therapist) navigate('/dashboard', { replace: true });
  }, [therapist, navigate]);
  if (status === 'unknown' || therapist) return null;
  return children;
}
