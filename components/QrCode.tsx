import { encode } from 'uqr';

interface QrCodeProps {
  /** The text to encode, e.g. a secret link. */
  value: string;
  /** The accessible name of the image. */
  label: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
}

/**
 * A QR code drawn here, from the module matrix, as one SVG path: the link never goes to a
 * QR service or the instance's preview page, and no markup string is parsed (no innerHTML).
 * Always dark on white, also in dark mode: inverted codes do not scan with many readers.
 */
export function QrCode({ value, label, size = 176 }: QrCodeProps) {
  // A 4-module quiet zone is what the QR standard asks for around the code.
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shape-rendering="crispEdges"
      class="qr-code"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={modulePath(data)} fill="#000000" />
    </svg>
  );
}

/** One `M x y h w v1 h-w z` rectangle per horizontal run of dark modules. */
function modulePath(matrix: boolean[][]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}
