import type { Refusal } from '#review-api/common.ts';
import {
  maxImageBytes,
  uploadFormImage,
  type FormImageQuery,
  type UploadedImage,
} from '#review-api/form.ts';
import { followSignOut } from '#review/lib/api.ts';

export type ImageUse = NonNullable<FormImageQuery['for']>;

/** The image types the server reads, offered by the file chooser (the server judges by content). */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/avif';

/** Why a file is not sent at all, or null to send it. */
export function refusalBeforeSending(file: { size: number }): string | null {
  return file.size > maxImageBytes
    ? `The image is larger than ${maxImageBytes / 1024 / 1024} MB. Make it smaller and try again.`
    : null;
}

/**
 * The words for a refused upload: the server's own message when it sent one (it says why and what
 * to do), else what its status means; a busy server's Retry-After says when to try again.
 */
export function uploadRefusalText(
  status: number,
  body: string,
  retryAfter: string | null,
): string {
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as Partial<Refusal>).message;
  } catch {
    message = undefined;
  }
  if (message) return message;
  const seconds = Number(retryAfter);
  switch (status) {
    case 413:
      return `The image is larger than the server takes (${maxImageBytes / 1024 / 1024} MB). Make it smaller and try again.`;
    case 415:
    case 422:
      return 'This file is not an image the server can read. Upload a JPEG, PNG, WebP or AVIF image.';
    case 429:
      return Number.isFinite(seconds) && seconds > 0
        ? `The server is busy with other images. Try again in ${seconds} s.`
        : 'The server is busy with other images. Try again in a moment.';
    default:
      return status >= 500
        ? 'The server could not take the image. Try again in a moment.'
        : 'The image could not be uploaded. Try again.';
  }
}

export class UploadRefused extends Error {}

/**
 * Sends one image for a cover or the logo, reporting the bytes sent as they go (fetch cannot
 * report an upload's progress, XMLHttpRequest can).
 */
export function sendImage(
  file: File,
  use: ImageUse,
  onProgress: (sent: number, total: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${uploadFormImage.path}?for=${use}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      followSignOut(request.status, uploadFormImage.path);
      if (request.status !== 201)
        reject(
          new UploadRefused(
            uploadRefusalText(
              request.status,
              request.responseText,
              request.getResponseHeader('retry-after'),
            ),
          ),
        );
      else
        try {
          resolve(JSON.parse(request.responseText) as UploadedImage);
        } catch {
          reject(
            new UploadRefused(
              'The server’s answer could not be read. Try again.',
            ),
          );
        }
    });
    request.addEventListener('error', () =>
      reject(
        new UploadRefused(
          'The server cannot be reached. Check the connection and try again.',
        ),
      ),
    );
    const body = new FormData();
    body.append('image', file);
    request.send(body);
  });
}
