/**
 * Two columns of facts from tablet width up, one on a phone. Every breakpoint is named:
 * antd falls back to its own default (3) for any that is left out.
 */
export const factColumns = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };
/** A fact that takes a whole row (topic, note, reason). */
export const wideFact = factColumns;
