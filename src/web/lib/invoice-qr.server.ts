import qrcode from 'qrcode-generator';

/**
 * The invoice's QR payload (ZATCA's Base64 TLV, docs/invoices.md) drawn as a scalable SVG image,
 * as a data URL for an <img> (the page's CSP allows `img-src data:`). Made on the server, so the
 * browser bundle does not carry the encoder.
 */
export function qrImage(payload: string): string {
  const code = qrcode(0, 'M');
  code.addData(payload, 'Byte');
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
