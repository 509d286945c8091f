import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useNavigate } from '@cadence/shared-router';
import { useAuthStore } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { PortalHome } from './home/portal-home.tsx';
import { PortalLayout } from './layout/portal-layout.tsx';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { PORTAL_TEXT } from './portal-texts.ts';
import './portal.css';

// The signing page brings signature_pad: its own chunk, loaded when a document is opened.
const ConsentPage = lazy(() => import('./consents/consent-page.tsx'));
const MeasurePage = lazy(() => import('./measures/measure-page.tsx'));
const DocumentsPage = lazy(() => import('./documents/documents-page.tsx'));
// The form renderer brings react-hook-form and zod: its own chunk too.
const FormPage = lazy(() => import('./forms/form-page.tsx'));
const BookPage = lazy(() => import('./booking/book-page.tsx'));
const MessagesPage = lazy(() => import('./messages/messages-page.tsx'));
const VideoPage = lazy(() => import('./video/video-page.tsx'));
// The room link of a reminder (issue 34): open signed out too — it asks for the emailed code itself.
const JoinPage = lazy(() => import('./video/join-page.tsx'));

/** Clients carry this Appwrite label (backend/functions/lib/portal.js). */
export const CLIENT_LABEL = 'client';

/**
 * The portal's own guard: a signed-out visitor goes to the sign-in page. (The shell already sends a
 * therapist to /dashboard; a signed-in user without the label sees nothing here meanwhile.)
 */
function ClientOnly({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const status = useAuthStore((state) => state.status);
  const isClient = useAuthStore((state) => state.user?.labels.includes(CLIENT_LABEL) ?? false);
  useEffect(() => {
    if (status === 'signedOut') navigate('/portal/sign-in', { replace: true });
  }, [status, navigate]);
  return status === 'signedIn' && isClient ? children : null;
}

/** Everything under /portal (issue 31): sign-in and the signed-in client's pages. */
export default function PortalPage() {
  return (
    <QueryProvider>
      <PortalLayout>
        <Routes>
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="join" element={<Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.join.checking}</p>}><JoinPage /></Suspense>} />
          <Route
            path="documents"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.documents.loading}</p>}><DocumentsPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="book"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.booking.loading}</p>}><BookPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="messages"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.messages.loading}</p>}><MessagesPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="documents/:requestId"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.consent.loading}</p>}><ConsentPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="measures/:requestId"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.measure.loading}</p>}><MeasurePage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="forms/:requestId"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">{PORTAL_TEXT.form.loading}</p>}><FormPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route
            path="video/:appointmentId"
            element={(
              <ClientOnly>
                <Suspense fallback={<p role="status" className="portal-page portal-muted">Opening the room…</p>}><VideoPage /></Suspense>
              </ClientOnly>
            )}
          />
          <Route path="*" element={<ClientOnly><PortalHome /></ClientOnly>} />
        </Routes>
      </PortalLayout>
    </QueryProvider>
  );
}
