import { Link } from '@cadence/shared-router';
import { formatDate, useAuthStore } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert, Button, EmptyState, PageHeader } from '@cadence/shared-ui';
import { linkFor, onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { useDownload } from '../use-download.ts';
import { downloadPortalDocument, listPortalDocuments, type PortalDocument } from './documents-api.ts';

const T = PORTAL_TEXT.documents;

export const documentKeys = {
  list: (userId: string) => ['portal-documents', userId] as const,
};

function DocumentRow({ document: doc, practiceName }: { document: PortalDocument; practiceName: string | null }) {
  const { busy, failed, run: download } = useDownload(() => downloadPortalDocument(doc.id), 'Portal document download');
  const details = [T.kinds[doc.kind], practiceName, formatDate(doc.issuedAt)].filter(Boolean).join(' · ');
  return (
    <li className="portal-document">
      <div>
        <p className="portal-document-title">{doc.title}</p>
        <p className="portal-muted">{details}</p>
      </div>
      <Button onClick={download} loading={busy} loadingLabel={T.downloading} aria-label={T.download(doc.title)}>{T.downloadShort}</Button>
      {failed ? <Alert tone="error">{T.downloadFailed}</Alert> : null}
    </li>
  );
}

/**
 * /portal/documents (issue 31): every document the client's practices share — invoices, statements,
 * superbills, signed consents and submitted forms — newest first, each downloadable.
 */
export default function DocumentsPage() {
  const userId = useAuthStore((state) => state.user?.$id ?? '');
  const documents = useQuery({ queryKey: documentKeys.list(userId), queryFn: () => listPortalDocuments(), enabled: userId !== '', meta: { failure: 'Portal documents failed to load' } });
  const practices = usePracticeLinks();
  // A guardian's child's documents say for whom: "For Sam Lee · Calm Waters Therapy".
  const nameOf = (doc: PortalDocument) => {
    const link = linkFor(practices.data, doc.practiceId, doc.clientId);
    const practiceName = link?.practiceName ?? practices.data?.find((p) => p.practiceId === doc.practiceId)?.practiceName ?? null;
    return [onBehalfOf(link), practiceName].filter(Boolean).join(' · ') || null;
  };
  return (
    <div className="portal-page">
      <p><Link to="/portal">{PORTAL_TEXT.consent.back}</Link></p>
      <PageHeader title={T.title} description={T.intro} />
      {documents.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {documents.isError ? (
        <Alert tone="error" action={<Button onClick={() => void documents.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {documents.isSuccess && documents.data.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
      {documents.isSuccess && documents.data.length > 0 ? (
        <ul className="portal-list portal-documents" aria-label={T.title}>
          {documents.data.map((doc) => <DocumentRow key={doc.id} document={doc} practiceName={nameOf(doc)} />)}
        </ul>
      ) : null}
    </div>
  );
}
