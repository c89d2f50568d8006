// The libraries every page runs on, evaluated in tasks of their own before the app's modules
// (main.tsx): React and the router first.
export { StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
export { RouterProvider } from 'react-router';
