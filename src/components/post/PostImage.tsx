import { useState } from 'react';
import styled from 'styled-components';
import { ImageViewer } from '../ui';

export interface PostImageProps {
  /** The picture attached to the post (a data URL, as the API stores it). */
  src: string;
  /** What it shows, for people who cannot see it: the image's `alt` and the opener's name. */
  alt: string;
}

/**
 * A post's picture at its own size, up to the width of the column (never blown up, its ratio
 * kept, at most 28rem tall), as a button that opens it larger in an ImageViewer. The picture's
 * size is not in the data, so the card grows once it has decoded (data URLs decode at once).
 */
export function PostImage({ src, alt }: PostImageProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Opener
        type="button"
        aria-haspopup="dialog"
        title="View larger"
        onClick={() => setOpen(true)}
      >
        <Picture src={src} alt={alt} />
      </Opener>
      <ImageViewer open={open} src={src} alt={alt} onClose={() => setOpen(false)} />
    </>
  );
}

// The button is a block as wide as the column, so that a picture without a size of its own (an
// SVG with only a viewBox) takes the column's width rather than none; only the picture itself
// takes presses, and it draws the focus ring.
const Opener = styled.button`
  display: block;
  width: 100%;
  padding: 0;
  border: 0;
  background: none;
  pointer-events: none;

  &:focus-visible {
    outline: none;
  }
`;

const Picture = styled.img`
  display: block;
  width: auto;
  height: auto;
  max-width: 100%;
  max-height: 28rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  pointer-events: auto;
  cursor: zoom-in;

  ${Opener}:focus-visible > & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
