import { useCallback, useEffect, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { Alert, Button, EmptyState, PageHeader } from '@cadence/shared-ui';
import { PracticeConsents } from '../consents/practice-consents.tsx';
import { PracticeForms } from '../forms/practice-forms.tsx';
import { PracticeMeasures } from '../measures/practice-measures.tsx';
import { PracticeAutoPay } from '../autopay/practice-autopay.tsx';
import { PracticePayments } from '../payments/practice-payments.tsx';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { VideoSessions } from '../video/video-sessions.tsx';
import { listPracticeLinks, onBehalfOf, type PracticeLink } from './practice-links.ts';

const T = PORTAL_TEXT.home;

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; links: PracticeLink[] };

/**
 * /portal (issue 31): each practice the login is linked to, and each person they act for there (their
 * own record, each child's as parent or guardian), apart, with its documents to sign and signed.
 */
export function PortalHome() {
  const userId = useAuthStore((state) => state.user?.$id ?? null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const read = useCallback(() => {
    if (!userId) return () => undefined;
    let current = true;
    listPracticeLinks(userId).then(
      (links) => current && setLoad({ kind: 'ready', links }),
      (error: unknown) => {
        console.error('Portal links failed to load', error);
        if (current) setLoad({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);
  useEffect(read, [read]);

  return (
    <div className="portal-page">
      <PageHeader title={T.title} description={T.intro} />
      <nav aria-label="Portal" className="portal-actions">
        <Link to="/portal/book">{PORTAL_TEXT.booking.link}</Link>
        <Link to="/portal/documents">{PORTAL_TEXT.documents.link}</Link>
        <Link to="/portal/messages">{PORTAL_TEXT.messages.link}</Link>
      </nav>
      <VideoSessions />
      {load.kind === 'loading' ? <p role="status" className="portal-muted">Loading…</p> : null}
      {load.kind === 'failed' ? (
        <Alert tone="error" action={<Button onClick={() => { setLoad({ kind: 'loading' }); read(); }}>{T.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {load.kind === 'ready' && load.links.length === 0 ? <EmptyState>{T.none}</EmptyState> : null}
      {load.kind === 'ready'
        ? load.links.map((link) => (
            <section key={link.id} className="portal-practice" aria-labelledby={`practice-${link.id}`}>
              <h2 id={`practice-${link.id}`}>{onBehalfOf(link) ? `${onBehalfOf(link) ?? ''} · ${link.practiceName}` : link.practiceName}</h2>
              {link.practicePhone ? (
                <p className="portal-muted">
                  {T.phone}: <a href={`tel:${link.practicePhone.replace(/[^\d+]/g, '')}`}>{link.practicePhone}</a>
                </p>
              ) : null}
              <PracticePayments practiceId={link.practiceId} clientId={link.clientId} />
              <PracticeAutoPay practiceId={link.practiceId} clientId={link.clientId} />
              <PracticeForms accessId={link.clientId} practiceId={link.practiceId} />
              <PracticeConsents accessId={link.clientId} linkId={link.id} practiceId={link.practiceId} practiceName={link.practiceName} practicePhone={link.practicePhone} />
              <PracticeMeasures accessId={link.clientId} practiceId={link.practiceId} />
            </section>
          ))
        : null}
    </div>
  );
}
