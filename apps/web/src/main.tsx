import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import './styles.css';

// The page's code first (its route's chunks, which the shell preloads): React's first render
// replaces the static header and first screen that came with the HTML, and rendering before
// the route is there would put a loading spinner in their place for a moment.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The first render is a transition: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole tree (a phone's CPU, docs/performance.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
