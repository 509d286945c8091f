import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@cadence/shared-router';
import { loadConfig } from '@cadence/shared-auth';
import { App } from './app.tsx';
import { discoverRemotes } from './remotes/discover-remotes.ts';
import './styles/tokens.css';
import './styles/app.css';

async function start(): Promise<void> {
  // Remote discovery failing must not blank the shell: its routes show their own error instead.
  const discovery = discoverRemotes().catch((error: unknown) => console.error('Remote discovery failed', error));
  await Promise.all([loadConfig(), discovery]);
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
