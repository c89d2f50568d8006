import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

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
