export * from './expression';
export * from './definition';
export * from './result';
