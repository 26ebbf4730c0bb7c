import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type Config, loadConfig } from '../../src/server/config.js';

/**
 * A local S3-compatible server for one test: s3rver (npm), which speaks the S3 REST API
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/) path-style on 127.0.0.1 and keeps its objects
 * in a temporary folder, with one empty bucket made through the API. It knows the keys S3RVER /
 * S3RVER (its README). The shop reaches it only through its configuration (`config` for an app in
 * this process, `env` for a child process, tests/helpers/server.ts), never through a stub.
 */
export type S3Server = {
  endpoint: string;
  bucket: string;
  /** MEDIA_PUBLIC_URL: the bucket itself (`<endpoint>/<bucket>`), as a CDN in front of it would be. */
  publicUrl: string;
  /** The shop's settings for this bucket, to pass to createTestApp. */
  config: Pick<Config, 'media'>;
  /** The same settings as environment variables (MEDIA_STORE=s3, S3_*, MEDIA_PUBLIC_URL). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** An object's bytes and the headers it is served with; undefined when there is none. */
  object(key: string): Promise<{ body: Buffer; contentType?: string; cacheControl?: string } | undefined>;
  /** Stops the server and deletes its objects (a second call does nothing). */
  stop(): Promise<void>;
};

export async function startS3Server({ bucket = 'matjar-media' } = {}): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'matjar-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const publicUrl = `${endpoint}/${bucket}`;
  const env = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_PUBLIC_URL: publicUrl,
  };
  // Read as the shop reads its environment (src/server/config.ts), so `config` and `env` agree.
  const { media } = loadConfig({ ...env, DATA_DIR: directory }, { jwtSecret: 'unused' });
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;

  return {
    endpoint,
    bucket,
    publicUrl,
    config: { media },
    env,
    async listKeys() {
      const keys: string[] = [];
      let page: ListObjectsV2CommandOutput | undefined;
      do {
        page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: page?.NextContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).flatMap((item) => item.Key ?? []));
      } while (page.IsTruncated);
      return keys.sort();
    },
    async object(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from((await found.Body?.transformToByteArray()) ?? []);
        return { body, contentType: found.ContentType, cacheControl: found.CacheControl };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async stop() {
      if (!running) return;
      running = false;
      client.destroy();
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
