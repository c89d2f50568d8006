// The health check exports nothing to other modules.
export {};
