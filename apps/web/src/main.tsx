import './styles.css';

// Evaluating the first visit's ~660 KB of script was the longest task of a phone's first
// seconds (one task of ~330 ms at Lighthouse's 4x slowdown, docs/performance.md): now React
// and the router, antd's core, and then the app's own modules are evaluated in three tasks,
// with the browser given a turn between them. The blocking time Lighthouse counts is each
// task's part over 50 ms. (A page's shell preloads the libraries' chunks with the page's own;
// preloading these boot modules from index.html as well was measured and not kept.)
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve));
const { StrictMode, startTransition, createRoot } = await import('./vendor-prelude');
await yieldToBrowser();
await import('./antd-prelude');
await yieldToBrowser();
const [{ App }, { router }] = await Promise.all([import('./app/app'), import('./app/router')]);

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
