import type { ReactNode } from 'react';
import { Card, PageHeader } from '@cadence/shared-ui';
import './auth.css';

/** The frame of every mf-auth screen: the page's h1 (and a line under it), then one card. */
export function AuthPage({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="page auth-page">
      <PageHeader title={title} description={description} />
      <Card>
        <div className="auth-stack">{children}</div>
      </Card>
    </div>
  );
}
