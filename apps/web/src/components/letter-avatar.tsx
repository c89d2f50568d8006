import type { CSSProperties } from 'react';

const PALETTE = ['#13a8a8', '#1677ff', '#722ed1', '#fa8c16', '#52c41a', '#eb2f96'];

/** The colour for a thing without a picture: the same one every time for the same id. */
export function colorOf(id: number): string {
  return PALETTE[Math.abs(id) % PALETTE.length]!;
}

/**
 * A coloured circle (or square) with a name's first characters, where there is no picture. It
 * looks like antd's Avatar with text, but is laid out by CSS alone: antd's measures its text
 * after it renders to scale it (a forced layout per avatar, in a list of cards a phone feels).
 * The characters are sized to the box, so one or two always fit.
 */
export function LetterAvatar({
  text,
  size,
  color,
  shape = 'circle',
  label,
  style,
}: {
  text: string;
  size: number;
  color: string;
  shape?: 'circle' | 'square';
  /** Read out instead of the characters (e.g. the whole name). */
  label?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: shape === 'circle' ? '50%' : Math.round(size / 8),
        background: color,
        color: '#fff',
        fontSize: Math.round(size * (text.length > 1 ? 0.34 : 0.42)),
        lineHeight: 1,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        userSelect: 'none',
        ...style,
      }}
    >
      {text}
    </span>
  );
}
