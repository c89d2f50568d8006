// The site module (public site configuration) exports nothing to other modules.
export {};
