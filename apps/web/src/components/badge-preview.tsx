import { type BadgeDesign, type BadgeFields, layoutBadge } from '@foyer/contract';
import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A badge drawn as SVG from the contract's layout (72 dpi points, E9.50): the same layout the
 * server's ZPL and PDF renderers draw, so what the console previews is what the printer prints.
 */
export function BadgePreview({
  design,
  fields,
  qrData,
  label,
  maxWidth = 280,
}: {
  design: BadgeDesign;
  fields: BadgeFields;
  qrData: string | null;
  /** The accessible name of the picture. */
  label: string;
  maxWidth?: number;
}) {
  const layout = useMemo(() => layoutBadge(design, fields, qrData, 72), [design, fields, qrData]);
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={label}
      style={{
        width: '100%',
        maxWidth,
        aspectRatio: `${layout.width} / ${layout.height}`,
        background: '#fff',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
      }}
      data-testid="badge-preview"
    >
      {layout.items.map((item, i) =>
        item.kind === 'text' ? (
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: the layout's order is its identity.
            key={i}
            x={item.x + item.width / 2}
            y={item.y + item.size * 0.8}
            fontSize={item.size}
            fontWeight={item.bold ? 700 : 400}
            fontFamily="DejaVu Sans, Arial, sans-serif"
            textAnchor="middle"
            fill="#000"
          >
            {item.text}
          </text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the layout's order is its identity.
          <QrCode key={i} x={item.x} y={item.y} size={item.size} data={item.data} />
        ),
      )}
    </svg>
  );
}

function QrCode({ x, y, size, data }: { x: number; y: number; size: number; data: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) parts.push(`M${col + 1} ${row + 1}h1v1h-1z`);
      }
    }
    return { d: parts.join(''), count: modules.size + 2 };
  }, [data]);
  return (
    <svg x={x} y={y} width={size} height={size} viewBox={`0 0 ${path.count} ${path.count}`} aria-hidden>
      <path d={path.d} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}
