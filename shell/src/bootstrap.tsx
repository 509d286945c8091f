import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@cadence/shared-router';
import { loadConfig } from '@cadence/shared-auth';
import { App } from './app.tsx';
import '@cadence/shared-ui/tokens.css';
import './styles/tokens.css';
import './styles/app.css';

async function start(): Promise<void> {
  // Remotes are discovered when a page first needs one (remotes/federation.ts); a failing
  // discovery never blanks the shell: that page shows its own error and Retry.
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
