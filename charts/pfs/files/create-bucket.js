// Creates the documents bucket (MINIO_BUCKET) once MinIO answers; an existing bucket is left as
// it is. Run by the bundled MinIO's Job with the app's image (`node -e`, so `minio` resolves from
// /app/node_modules). The same text is inline in k8s/components/bundled-infra/minio.yaml: the
// manifests test keeps the two equal.
const { Client } = require('minio');
const raw = process.env.MINIO_ENDPOINT;
const url = new URL(raw.includes('://') ? raw : `http://${raw}`);
const useSSL = process.env.MINIO_USE_SSL === 'true';
const client = new Client({
  endPoint: url.hostname,
  port: Number(url.port || (useSSL ? 443 : 80)),
  useSSL,
  accessKey: process.env.MINIO_ACCESS_KEY,
  secretKey: process.env.MINIO_SECRET_KEY,
});
const bucket = process.env.MINIO_BUCKET;
(async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket);
      console.log(`bucket ${bucket} ready`);
      return;
    } catch (err) {
      if (attempt >= 90) throw err;
      console.error(`waiting for MinIO (${err.code ?? err.message})`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
