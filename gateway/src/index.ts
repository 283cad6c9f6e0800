export { createGateway, type Gateway, type GatewayDeps } from './app';
export { gatewayConfigSchema, type GatewayConfig } from './config';
export { routes } from './routes';
export { buildOpenApi } from './openapi';
