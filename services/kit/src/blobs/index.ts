import { resolve } from 'node:path';
import { z } from 'zod';
import { booleanFlag, optionalString } from '../config';
import { LocalBlobStore } from './local';
import { MinioBlobStore } from './minio';
import type { BlobStore } from './types';

export * from './types';
export { assertBlobKey } from './keys';
export { LocalBlobStore } from './local';
export { MinioBlobStore, parseEndpoint, type MinioBlobStoreOptions } from './minio';

/** MINIO_ENDPOINT chooses object storage; without it, files under DATA_DIR/blobs. */
export const blobStoreConfigSchema = z.object({
  DATA_DIR: z.string().default('./.data'),
  MINIO_ENDPOINT: optionalString,
  MINIO_ACCESS_KEY: optionalString,
  MINIO_SECRET_KEY: optionalString,
  MINIO_BUCKET: z.string().min(3).default('pfs-documents'),
  MINIO_USE_SSL: booleanFlag(false),
  MINIO_REGION: optionalString,
});

export type BlobStoreConfig = z.infer<typeof blobStoreConfigSchema>;

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.MINIO_ENDPOINT) {
    if (!config.MINIO_ACCESS_KEY || !config.MINIO_SECRET_KEY)
      throw new Error('MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required with MINIO_ENDPOINT');
    return new MinioBlobStore({
      endpoint: config.MINIO_ENDPOINT,
      accessKey: config.MINIO_ACCESS_KEY,
      secretKey: config.MINIO_SECRET_KEY,
      bucket: config.MINIO_BUCKET,
      useSSL: config.MINIO_USE_SSL,
      region: config.MINIO_REGION,
    });
  }
  return new LocalBlobStore(resolve(config.DATA_DIR, 'blobs'));
}
