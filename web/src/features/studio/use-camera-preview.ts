import { useCallback, useEffect, useRef, useState } from 'react';
import { studioConstraints } from './media';

export const PREVIEW_UNAVAILABLE = 'Camera and microphone are not available. Allow access in the browser, then press Start.';

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((t) => t.stop());
}

/** The studio's camera: opened when the page opens, reused by the recorder, released when the page is left or a take ends. */
export function useCameraPreview() {
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const openPreview = useCallback(async (): Promise<MediaStream> => {
    if (stream.current && stream.current.getTracks().every((t) => t.readyState === 'live')) return stream.current;
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera');
    const s = await navigator.mediaDevices.getUserMedia(studioConstraints());
    stream.current = s;
    setPreview(s);
    setPreviewError(null);
    return s;
  }, []);

  const closePreview = useCallback(() => {
    stopTracks(stream.current);
    stream.current = null;
    setPreview(null);
  }, []);

  useEffect(() => {
    let cancelled = false;
    openPreview().catch((err: unknown) => {
      if (cancelled) return;
      console.error('Camera preview unavailable', err);
      setPreviewError(PREVIEW_UNAVAILABLE);
    });
    return () => {
      cancelled = true;
      stopTracks(stream.current);
      stream.current = null;
    };
  }, [openPreview]);

  return { preview, previewError, setPreviewError, openPreview, closePreview };
}
