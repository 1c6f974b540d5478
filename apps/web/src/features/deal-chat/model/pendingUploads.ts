import { nanoid } from '@reduxjs/toolkit';

/** A file waiting in the attachment preview modal, and how to send it. */
export interface PendingUpload {
  file: Blob;
  /** A blob: URL of the file for the thumbnail (images only); revoked when the upload is released. */
  previewUrl: string | null;
  /** Uploads the file with the caption; rejects when the upload failed (the sender has shown why). */
  send: (caption: string) => Promise<void>;
}

// Files and callbacks cannot live in Redux: the modal's serializable props carry only the id.
const pending = new Map<string, PendingUpload>();

export function registerPendingUpload(upload: PendingUpload): string {
  const id = nanoid();
  pending.set(id, upload);
  return id;
}

export function pendingUpload(id: string): PendingUpload | undefined {
  return pending.get(id);
}

/** Forgets the file once its preview closed (sent or cancelled), freeing its thumbnail URL. */
export function releasePendingUpload(id: string): void {
  const upload = pending.get(id);
  if (upload?.previewUrl) URL.revokeObjectURL(upload.previewUrl);
  pending.delete(id);
}
