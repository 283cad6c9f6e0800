export * from './engine';
export * from './fields';
export * from './regex';
export * from './types';
export * from './validate';
export * from './wire';
