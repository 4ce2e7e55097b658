import jsQR from 'jsqr';
import sharp from 'sharp';

/** What a phone's camera reads from a QR code sent as an SVG data address, drawn as the browser would draw it. */
export async function scanQrCode(dataUrl: string): Promise<string | undefined> {
  const svg = Buffer.from(
    dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''),
    'base64',
  );
  const { data, info } = await sharp(svg)
    .resize(240)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
