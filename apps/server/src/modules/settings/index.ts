// Settings are read at start-up by the composition root; no module uses them directly.
export { loadAppSecret, seedOncePerBuild } from './settings.service';
