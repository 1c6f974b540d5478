import type { ApiClient } from '../../../lib/api/apiClient.ts';
import { apiErrorFrom } from '../../../lib/api/apiError.ts';

/**
 * Downloads an attachment with the bearer token (the download is not public) and returns a blob: URL for it.
 * The caller revokes the URL when done.
 */
export async function fetchAttachmentUrl(apiClient: ApiClient, fileUrl: string, signal?: AbortSignal): Promise<string> {
  const response = await apiClient.fetch(new URL(fileUrl, window.location.origin).href, {
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  return URL.createObjectURL(await response.blob());
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
