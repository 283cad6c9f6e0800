export const SCHEMA = 'webhooks';
