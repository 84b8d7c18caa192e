import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// A page opened before a deploy asks for chunks the new build no longer has (the server answers 404):
// load the new build instead of failing, at most once a minute so a real outage shows its error.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('reloaded-for-new-build') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('reloaded-for-new-build', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
