/**
 * Resumable upload of a capture (issue 12 §1) with tus-js-client against the server's tus endpoint
 * /api/app/uploads, in chunks of APP_UPLOAD_CHUNK_BYTES: a dropped connection is retried and resumed from
 * the server's offset (HEAD); when the retries give up, 保全 again resumes the same upload from the URL
 * tus-js-client kept in localStorage for this file (name, type, size). A recording lives in the page's
 * memory, so after a reload there is nothing left to resume. Then the capture is deposited (POST /api/app/capture).
 */
import { Upload } from 'tus-js-client';
import { APP_UPLOAD_CHUNK_BYTES } from '@cunzheng/contract/app';
import { depositCapture, type AppItem, type CaptureInput } from '../../../api/app';
import { authHeaders } from '../../../api/request';

/** A running upload: `promise` settles with the new evidence; `abort()` stops sending (the server keeps what arrived). */
export interface RunningUpload {
  promise: Promise<AppItem>;
  abort(): void;
}

/**
 * Uploads `file` and deposits it with `capture` (everything but the upload id). `onProgress(sent, total)`
 * in bytes. Rejects with the server's message when the deposit is refused, or the upload error.
 */
export function uploadCapture(file: File, capture: Omit<CaptureInput, 'uploadId'>, onProgress: (sent: number, total: number) => void): RunningUpload {
  let upload: Upload | null = null;
  const promise = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: '/api/app/uploads',
      chunkSize: APP_UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1000, 2000, 4000, 8000, 15000, 30000],
      headers: authHeaders(),
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress,
      onError: (e) => reject(e),
      onSuccess: () => resolve(upload?.url ?? ''),
    });
    const u = upload;
    void u
      .findPreviousUploads()
      .then((prev) => {
        if (prev[0]) u.resumeFromPreviousUpload(prev[0]);
        u.start();
      })
      .catch(() => u.start());
  }).then((url) => depositCapture({ ...capture, uploadId: url.slice(url.lastIndexOf('/') + 1) }));
  return {
    promise,
    abort: () => {
      void (upload as Upload | null)?.abort();
    },
  };
}
