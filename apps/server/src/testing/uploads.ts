import { createHash } from 'node:crypto';
import type { Model, ModelVersion } from '@truss/contracts';
import * as tus from 'tus-js-client';
import type { TestServer } from './test-server.ts';

interface TusOutcome {
  /** The upload URL (absolute). */
  url: string | null;
  /** From the final response's Truss-Model-Id header. */
  modelId: string | null;
  /** From the final response's Truss-Version-Id header. */
  versionId?: string | null;
  /** Set when the upload failed: the HTTP status and body. */
  error: { status: number; body: string } | null;
  aborted: boolean;
}

interface TusOptions {
  baseUrl: string;
  token: string;
  /** Optional with `modelId` (a new version of that model). */
  projectId?: string;
  filename: string;
  /** tus metadata modelId: a new version of this model, with `message`. */
  modelId?: string;
  message?: string;
  /** tus metadata modelName: the model's name when not the file's. */
  modelName?: string;
  /** Bytes per PATCH (default: all at once). */
  chunkSize?: number;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  /** Abort (as a dropped connection would) once this many bytes were accepted. */
  abortAfterBytes?: number;
}

/** Uploads `bytes` with the real tus client, as the web app does. */
export function tusUpload(bytes: Buffer, options: TusOptions): Promise<TusOutcome> {
  return new Promise((resolve) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${options.baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl ?? null,
      metadata: {
        ...(options.projectId ? { projectId: options.projectId } : {}),
        filename: options.filename,
        ...(options.modelName ? { modelName: options.modelName } : {}),
        ...(options.modelId ? { modelId: options.modelId } : {}),
        ...(options.message !== undefined ? { message: options.message } : {}),
      },
      headers: { authorization: `Bearer ${options.token}` },
      chunkSize: options.chunkSize ?? Infinity,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onChunkComplete: (_chunk, accepted) => {
        if (options.abortAfterBytes !== undefined && accepted >= options.abortAfterBytes) {
          void upload
            .abort()
            .then(() => resolve({ url: upload.url, modelId: null, error: null, aborted: true }));
        }
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          url: upload.url,
          modelId: lastResponse.getHeader('truss-model-id') ?? null,
          versionId: lastResponse.getHeader('truss-version-id') ?? null,
          error: null,
          aborted: false,
        }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        resolve({
          url: upload.url,
          modelId: null,
          error: response
            ? { status: response.getStatus(), body: response.getBody() }
            : { status: 0, body: String(error) },
          aborted: false,
        });
      },
    });
    upload.start();
  });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Polls the model until it is ready or failed. */
export async function waitForModel(get: () => Promise<Model>, timeoutMs = 60_000): Promise<Model> {
  const started = Date.now();
  for (;;) {
    const model = await get();
    if (model.status === 'ready' || model.status === 'failed') return model;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`model ${model.id} still ${model.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls a model's versions until there are `count` and every one is ready; newest first. */
export async function waitForVersions(
  server: TestServer,
  token: string,
  modelId: string,
  count: number,
): Promise<ModelVersion[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await server.api<ModelVersion[]>('GET', `/api/models/${modelId}/versions`, {
      token,
    });
    if (list.body.length >= count && list.body.every((v) => v.status === 'ready')) {
      return list.body;
    }
    if (Date.now() > deadline) throw new Error(`versions: ${JSON.stringify(list.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
