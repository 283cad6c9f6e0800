export const SCHEMA = 'documents';
