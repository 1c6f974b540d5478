import { useEffect, useState } from 'react';
import { fetchAttachment } from '../api/attachmentDownload.ts';
import { useApiClient } from '../../../lib/session/session.ts';

export type AttachmentBlob = { status: 'loading' } | { status: 'ready'; url: string; name: string | null } | { status: 'failed' };

/** Loads an attachment through the authorised download call into a blob: URL, revoked when no longer shown. */
export function useAttachmentBlob(fileUrl: string): AttachmentBlob {
  const apiClient = useApiClient();
  const [state, setState] = useState<{ fileUrl: string; blob: AttachmentBlob }>({ fileUrl, blob: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    fetchAttachment(apiClient, fileUrl, controller.signal).then(
      ({ url, name }) => {
        if (controller.signal.aborted) {
          URL.revokeObjectURL(url);
          return;
        }
        created = url;
        setState({ fileUrl, blob: { status: 'ready', url, name } });
      },
      () => {
        if (!controller.signal.aborted) setState({ fileUrl, blob: { status: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [apiClient, fileUrl]);

  return state.fileUrl === fileUrl ? state.blob : { status: 'loading' };
}
