import type { Readable } from 'node:stream';

/** What a stored object is, as far as every store can tell cheaply. */
export interface BlobInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PutResult {
  size: number;
  /** Hex SHA-256 of the bytes as stored, computed while they streamed through. */
  sha256: string;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (PAYLOAD_TOO_LARGE) and store nothing once the body passes this many bytes. */
  maxBytes?: number;
}

/** Inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Where uploaded bytes live: local files on the embedded default, S3-compatible object storage
 * (MinIO) in the distributed and Kubernetes modes. Keys are slash-separated paths of safe
 * segments (see assertBlobKey); a put is all or nothing.
 */
export interface BlobStore {
  readonly kind: 'local' | 'minio';
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<PutResult>;
  /** The object's bytes (or the range of them); NOT_FOUND when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<BlobInfo | null>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<BlobInfo[]>;
  /** Checks the store answers (and creates the bucket when missing). */
  ready(): Promise<void>;
}
