import { blobStoreConfigSchema, intSetting } from '@pfs/kit';
import { z } from 'zod';
import { OCR_ENGINES } from './receipts/ocr-engine';

const MB = 1024 * 1024;

export const configSchema = blobStoreConfigSchema.extend({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50056, 1),
  UPLOAD_MAX_FILES: intSetting(10, 1),
  UPLOAD_MAX_FILE_BYTES: intSetting(20 * MB, 1),
  /** Storage per user by tier, in MB. */
  QUOTA_FREE_MB: intSetting(100, 0),
  QUOTA_STARTER_MB: intSetting(1024, 0),
  QUOTA_PROFESSIONAL_MB: intSetting(5 * 1024, 0),
  QUOTA_ELITE_MB: intSetting(20 * 1024, 0),
  QUOTA_ENTERPRISE_MB: intSetting(100 * 1024, 0),
  /** Documents read (OCR) at once, and waiting beyond that before 503. */
  READ_CONCURRENCY: intSetting(2, 1),
  READ_QUEUE: intSetting(16, 0),
  /** An OCR engine idle this long is stopped (its memory back); the next read starts one. */
  READ_IDLE_SECONDS: intSetting(300, 1),
  /** OCR engine tried first: PaddleOCR (PP-OCRv4, native ONNX runtime) or Tesseract. */
  OCR_ENGINE: z.enum(OCR_ENGINES).default('paddle'),
});

export type DocumentsConfig = z.infer<typeof configSchema>;

export function quotasOf(config: DocumentsConfig) {
  return {
    free: config.QUOTA_FREE_MB * MB,
    starter: config.QUOTA_STARTER_MB * MB,
    professional: config.QUOTA_PROFESSIONAL_MB * MB,
    elite: config.QUOTA_ELITE_MB * MB,
    enterprise: config.QUOTA_ENTERPRISE_MB * MB,
  };
}

/** What the upload path enforces: files per request, bytes per file, bytes per user by tier. */
export function limitsOf(config: DocumentsConfig) {
  return {
    maxFiles: config.UPLOAD_MAX_FILES,
    maxFileBytes: config.UPLOAD_MAX_FILE_BYTES,
    quotas: quotasOf(config),
  };
}
