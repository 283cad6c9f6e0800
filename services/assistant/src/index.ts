export const SCHEMA = 'assistant';
