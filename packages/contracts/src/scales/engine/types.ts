/** The scale contracts the engine reads. */
export * from '../expression';
export * from '../definition';
export * from '../result';
