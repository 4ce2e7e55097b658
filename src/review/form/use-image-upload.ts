import { useRef, useState } from 'react';
import type { UploadedImage } from '#review-api/form.ts';
import {
  refusalBeforeSending,
  sendImage,
  UploadRefused,
  type ImageUse,
} from './image-upload.ts';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  /** Every byte sent: the server is making the sizes the form shows. */
  | { kind: 'processing' }
  | { kind: 'done' }
  | { kind: 'failed'; text: string };

/**
 * One place's upload (the logo, a cover): its progress and outcome. `onUploaded` runs only for a
 * success, so a refused file leaves the picture before it in place; of two uploads in a row only
 * the later one counts.
 */
export function useImageUpload(
  use: ImageUse,
  onUploaded: (image: UploadedImage) => void,
) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const latest = useRef(0);
  const upload = async (file: File) => {
    const attempt = (latest.current += 1);
    const isLatest = () => attempt === latest.current;
    const refusal = refusalBeforeSending(file);
    if (refusal) {
      setState({ kind: 'failed', text: refusal });
      return;
    }
    setState({ kind: 'sending', percent: 0 });
    try {
      const image = await sendImage(file, use, (sent, total) => {
        if (isLatest())
          setState(
            sent < total
              ? { kind: 'sending', percent: Math.floor((sent / total) * 100) }
              : { kind: 'processing' },
          );
      });
      if (!isLatest()) return;
      onUploaded(image);
      setState({ kind: 'done' });
    } catch (failure) {
      if (!isLatest()) return;
      setState({
        kind: 'failed',
        text:
          failure instanceof UploadRefused
            ? failure.message
            : 'The image could not be uploaded. Try again.',
      });
    }
  };
  return { state, upload };
}
