import { useId } from 'react';
import styled from 'styled-components';
import { Dialog } from './Dialog';

export interface ImageViewerProps {
  /** Controlled: the viewer shows while true. */
  open: boolean;
  /** The picture's URL (or data URL). */
  src: string;
  /** What the picture shows: its `alt`, also written under it and read as the dialog's description. */
  alt: string;
  /** The dialog's heading. Default "Image". */
  title?: string;
  /** Escape, the Close button or a click on the backdrop. */
  onClose: () => void;
}

/**
 * A picture shown larger, in a modal Dialog: as large as the window allows but never beyond its
 * own size (a small picture is not blown up into a blur), its alt text written under it, a Close
 * button. Escape closes it, focus is trapped inside and goes back to the opener (see Dialog).
 */
export function ImageViewer({ open, src, alt, title = 'Image', onClose }: ImageViewerProps) {
  const captionId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      maxWidth="72rem"
      aria-describedby={captionId}
    >
      <Figure>
        <Picture src={src} alt={alt} />
        <Caption id={captionId} dir="auto">
          {alt}
        </Caption>
      </Figure>
    </Dialog>
  );
}

// Block flow, not flex or grid: there a picture without a size of its own (an SVG with only a
// viewBox) would shrink to nothing; here it takes the width, and a sized one its own width.
const Figure = styled.figure`
  margin: 0;
`;

const Picture = styled.img`
  display: block;
  width: auto;
  height: auto;
  max-width: 100%;
  /* The window less the dialog's margins, heading, caption and paddings. */
  max-height: calc(100dvh - 12rem);
  margin: 0 auto;
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Caption = styled.figcaption`
  margin-top: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
