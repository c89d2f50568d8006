export * from './common';
export * from './fields';
export * from './health';
export * from './home';
export * from './institutions';
export * from './site';
