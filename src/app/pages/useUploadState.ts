import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ImageUploadState } from '../../components/ui/UploadProgress';
import {
  selectUploadCanRetry,
  selectUploadError,
  selectUploadProgress,
  selectUploadStatus,
  type ImageUploadActor,
} from '../../machines';

/**
 * A picked image's upload as a picker shows it (its progress, or its failure and whether 'Retry'
 * may help), read from the upload's own actor; `error` is its failure's words. None under way:
 * `state` null.
 */
export function useUploadState(upload: ImageUploadActor | undefined): {
  state: ImageUploadState | null;
  error: string | null;
} {
  const status = useSelector(upload, (s) => (s ? selectUploadStatus(s) : null));
  const progress = useSelector(upload, (s) => (s ? selectUploadProgress(s) : null));
  const canRetry = useSelector(upload, (s) => (s ? selectUploadCanRetry(s) : false));
  const error = useSelector(upload, (s) => (s ? selectUploadError(s) : null));
  const state = useMemo((): ImageUploadState | null => {
    if (status === 'uploading') return { status: 'uploading', progress };
    return status === 'failed' ? { status: 'failed', canRetry } : null;
  }, [status, progress, canRetry]);
  return { state, error };
}
