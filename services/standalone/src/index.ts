export {
  startStack,
  SERVICE_NAMES,
  type ServiceName,
  type Stack,
  type StackOptions,
} from './stack';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';
