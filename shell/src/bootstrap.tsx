import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@cadence/shared-router';
import { loadConfig } from '@cadence/shared-auth';
import { App } from './app.tsx';
import { preloadFederationRuntime, preloadRemotePage, preloadRemotes } from './remotes/load-remote.ts';
import { remotePages } from './remotes/remote-pages.ts';
import { isGuardedPath, remoteScreenOf } from './route-table.ts';
import '@cadence/shared-ui/tokens.css';
import './styles/app.css';

async function start(): Promise<void> {
  // The live remote pointers are fetched alongside the config, so a remote page then waits only for
  // its own remote's files. A failing discovery never blanks the shell: the page that needs a remote
  // fetches it again and, failing, shows its own error and Retry.
  preloadRemotes().catch(() => {});
  // A remote page's first load also needs the federation runtime chunk: fetch it alongside too, and
  // its remote's remoteEntry.js and the page's own files as soon as /remotes.json names them, before
  // the page renders. Not a guarded page's: signed out, it shows the login page instead, so its
  // files come once the session check has let it through.
  const { pathname } = window.location;
  const screen = remoteScreenOf(pathname);
  if (screen) {
    preloadFederationRuntime().catch(() => {});
    if (!isGuardedPath(pathname)) preloadRemotePage(remotePages[screen].id, { entry: true });
  }
  await loadConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  const container = document.getElementById('root');
  if (container) {
    container.innerHTML =
      '<main class="page"><h1>Cadence is unavailable</h1><p role="alert">The app could not start. Please reload the page.</p></main>';
  }
});
