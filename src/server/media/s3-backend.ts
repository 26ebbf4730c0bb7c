import {
  DeleteObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Settings } from '../config.js';
import { failure } from '../errors.js';
import { MEDIA_CACHE_CONTROL, MEDIA_CONTENT_TYPE, type MediaBackend } from './backend.js';

/**
 * How long S3 may take: a connection in 2 s, a whole call in 5 s, one retry. An S3 that is down or
 * hangs costs a request about 10 s at most and answers 503 MEDIA_STORE_UNAVAILABLE, never a 500
 * and never the SDK's minutes (without `throwOnRequestTimeout` its request timeout only warns).
 */
const CONNECTION_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 5_000;
const MAX_ATTEMPTS = 2;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/**
 * AWS answers a HEAD of a missing object 403, not 404, to a key without `s3:ListBucket`: for
 * `exists` that is "not there" too. A key that may not read at all then fails on the put, which
 * answers 503 as any refusal does; writing an object again is harmless (its name is its content).
 */
const absent = (error: unknown) =>
  notFound(error) || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 403);

/**
 * MEDIA_STORE=s3: the objects of one bucket through the AWS SDK v3 (any S3-compatible server:
 * AWS, MinIO, Cloudflare R2, Backblaze B2…). One client per store, destroyed on close.
 */
export function s3Backend(settings: S3Settings, log?: Pick<FastifyBaseLogger, 'warn'>): MediaBackend {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    // Checksums only where S3 requires them: the CRC32 checksums the SDK adds by default since
    // 3.729 are refused by some S3-compatible servers (older MinIO, some R2 and B2 endpoints).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  /** Any failure of the bucket (down, slow, refusing) is the shop's 503, with its cause logged. */
  const unavailable = (operation: string, key: string) => (error: unknown) => {
    log?.warn({ err: error, operation, bucket: Bucket, key }, 'media store unavailable');
    throw failure('mediaStoreUnavailable');
  };

  return {
    directory: undefined,
    async put(Key, Body) {
      await client
        .send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body,
            ContentType: MEDIA_CONTENT_TYPE,
            CacheControl: MEDIA_CACHE_CONTROL,
          }),
        )
        .catch(unavailable('put', Key));
    },
    async exists(Key) {
      return client.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        (error: unknown) => (absent(error) ? false : unavailable('head', Key)(error)),
      );
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (!notFound(error)) unavailable('delete', Key)(error);
      });
    },
    async close() {
      client.destroy();
    },
  };
}
