import type { ReactNode } from 'react';
import { Link, useNavigate } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { Button } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';

/** The portal's own header and footer (the shell shows neither under /portal). */
export function PortalLayout({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore((state) => state.status === 'signedIn');
  const signOut = useAuthStore((state) => state.signOut);
  const navigate = useNavigate();
  const leave = async () => {
    await signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate('/portal/sign-in', { replace: true });
  };
  return (
    <div className="portal">
      <header className="portal-header">
        <Link to={signedIn ? '/portal' : '/portal/sign-in'} className="portal-brand">{PORTAL_TEXT.name}</Link>
        {signedIn ? <Button onClick={() => void leave()}>{PORTAL_TEXT.signOut}</Button> : null}
      </header>
      <div className="portal-body">{children}</div>
      <footer className="portal-footer">
        <nav aria-label="Portal footer">
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </footer>
    </div>
  );
}
