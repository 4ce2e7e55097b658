import { expect, test } from 'vitest';
import { refusalBeforeSending, uploadRefusalText } from './image-upload.ts';

test('the server’s own message is what a refusal says', () => {
  const body = JSON.stringify({
    error: 'unsupported_media_type',
    message:
      'This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.',
  });
  expect(uploadRefusalText(415, body, null)).toBe(
    'This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.',
  );
});

test('an answer without a message (a proxy’s page) is put in words by its status', () => {
  expect(uploadRefusalText(413, '<html>Too large</html>', null)).toBe(
    'The image is larger than the server takes (10 MB). Make it smaller and try again.',
  );
  expect(uploadRefusalText(422, '', null)).toMatch(
    /^This file is not an image/,
  );
  expect(uploadRefusalText(429, '', '7')).toBe(
    'The server is busy with other images. Try again in 7 s.',
  );
  expect(uploadRefusalText(429, '{}', null)).toBe(
    'The server is busy with other images. Try again in a moment.',
  );
  expect(uploadRefusalText(502, '', null)).toBe(
    'The server could not take the image. Try again in a moment.',
  );
});

test('a file over 10 MB is refused before a byte is sent', () => {
  expect(refusalBeforeSending({ size: 10 * 1024 * 1024 })).toBeNull();
  expect(refusalBeforeSending({ size: 10 * 1024 * 1024 + 1 })).toBe(
    'The image is larger than 10 MB. Make it smaller and try again.',
  );
});
