import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../tokens/tokens.css';
import { GalleryPage } from './gallery-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the gallery page');
createRoot(container).render(
  <StrictMode>
    <GalleryPage />
  </StrictMode>,
);
