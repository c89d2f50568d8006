export * from './expression';
export * from './definition';
export * from './result';
export * from './engine';
