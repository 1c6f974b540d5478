import type { ApiClient } from '../../../lib/api/apiClient.ts';
import { apiErrorFrom } from '../../../lib/api/apiError.ts';

/**
 * Downloads an attachment with the bearer token (the download is not public) and returns a blob: URL for it.
 * The caller revokes the URL when done.
 */
export async function fetchAttachmentUrl(apiClient: ApiClient, fileUrl: string, signal?: AbortSignal): Promise<string> {
  return (await fetchAttachment(apiClient, fileUrl, signal)).url;
}

/** The download as a blob: URL, with the uploader's file name from Content-Disposition (null when none is sent). */
export async function fetchAttachment(
  apiClient: ApiClient,
  fileUrl: string,
  signal?: AbortSignal,
): Promise<{ url: string; name: string | null }> {
  const response = await apiClient.fetch(new URL(fileUrl, window.location.origin).href, {
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  const name = dispositionFileName(response.headers.get('content-disposition'));
  return { url: URL.createObjectURL(await response.blob()), name };
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/**
 * 'Open attachment': opens a tab at once (so pop-up blockers allow it), then points it at the downloaded file.
 * Resolves false when the file could not be loaded (the empty tab is closed again).
 */
export async function openAttachmentInNewTab(apiClient: ApiClient, fileUrl: string): Promise<boolean> {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchAttachmentUrl(apiClient, fileUrl);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The new tab keeps its own reference to the blob; ours can go once it had time to load.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}
