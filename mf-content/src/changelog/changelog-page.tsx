import { useEffect, useRef, useState, type ComponentProps } from 'react';
import Markdown, { type ExtraProps } from 'react-markdown';
import { Alert, Button, PageHeader, Spinner } from '@cadence/shared-ui';
import { CHANGELOG_MESSAGES, CHANGELOG_URL } from '../constants.ts';
import { changelogNotesBody, latestChangelogVersion } from './changelog-version.ts';
import { safeChangelogUrl } from './link-protocol.ts';
import { useStickyBar } from './use-sticky-bar.ts';
import '../content.css';
import './changelog.css';

type ChangelogState =
  | { status: 'loading' }
  | { status: 'loaded'; markdown: string }
  | { status: 'failed' };

// The page owns the only h1; a stray '#' heading in the notes is shown one level down.
const NOTES_COMPONENTS = {
  h1: ({ node: _node, ...props }: ComponentProps<'h1'> & ExtraProps) => <h2 {...props} />,
};

async function fetchChangelog(signal: AbortSignal): Promise<string> {
  const response = await fetch(CHANGELOG_URL, { signal });
  if (!response.ok) throw new Error(`GET ${CHANGELOG_URL} failed with status ${response.status}`);
  return response.text();
}

export default function ChangelogPage() {
  const [state, setState] = useState<ChangelogState>({ status: 'loading' });
  const notesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchChangelog(controller.signal).then(
      (markdown) => setState({ status: 'loaded', markdown }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // spec §8: logged, shown once, no retry
        console.error('Failed to load changelog', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const version = state.status === 'loaded' ? latestChangelogVersion(state.markdown) : null;
  const showStickyBar = useStickyBar(notesRef, version !== null);

  return (
    <div className="content-page content-changelog">
      <PageHeader title="Changelog" description="What has changed in Cadence, newest first." />
      {state.status === 'loading' && <Spinner label={CHANGELOG_MESSAGES.loading} />}
      {state.status === 'failed' && (
        <Alert tone="error" className="content-changelog-error">
          {CHANGELOG_MESSAGES.failed}
        </Alert>
      )}
      {state.status === 'loaded' && (
        <>
          {showStickyBar && version !== null && (
            <div className="content-changelog-bar">
              <span>Latest: {version}</span>
              <Button size="sm" variant="secondary" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
                ↑ Top
              </Button>
            </div>
          )}
          <div className="content-changelog-notes" ref={notesRef}>
            <Markdown urlTransform={safeChangelogUrl} components={NOTES_COMPONENTS}>
              {changelogNotesBody(state.markdown)}
            </Markdown>
          </div>
        </>
      )}
    </div>
  );
}
