import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ImageViewer } from '../ui';

/** A post's picture as the card is given it. */
export interface PostImageView {
  /** The picture's link (the large one): what the viewer shows. */
  src: string;
  /** The card's copy and the large one by width (`srcset`); absent, `src` alone. */
  srcSet?: string;
  /** Its width in pixels, when known: the card keeps its box before it loads. */
  width?: number;
  /** Its height in pixels, beside its width. */
  height?: number;
  /** A ThumbHash (base64): a blurred likeness painted in the box until the picture arrives. */
  placeholder?: string;
}

export interface PostImageProps extends PostImageView {
  /** What it shows, for people who cannot see it: the image's `alt` and the opener's name. */
  alt: string;
}

/**
 * A ThumbHash drawn as a tiny PNG data URL, once its decoder has loaded (fetched with the first
 * picture that has one, not with the app); undefined meanwhile, or when it cannot be read.
 */
function usePlaceholder(hash: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (hash === undefined) return undefined;
    let current = true;
    void import('thumbhash').then(({ thumbHashToDataURL }) => {
      try {
        const decoded = thumbHashToDataURL(
          Uint8Array.from(atob(hash), (char) => char.charCodeAt(0)),
        );
        if (current) setUrl(decoded);
      } catch {
        // Not a ThumbHash: the box stays its plain colour.
      }
    });
    return () => {
      current = false;
    };
  }, [hash]);
  return url;
}

/**
 * How wide a card draws its picture, for the browser to pick a file from `srcset`: on a phone
 * the screen less the page's and the card's padding and the avatar's column (7.5rem); else the
 * 40rem column less the same (35rem). A phone 412 px wide at 1.75 pixels per px takes the card's
 * copy (640), not the large picture.
 */
const PICTURE_SIZES = '(max-width: 47.99rem) calc(100vw - 7.5rem), 35rem';

/** Tallest a picture shows in a card. */
const MAX_HEIGHT_REM = 28;

/**
 * A post's picture, up to the width of the column (never blown up, its ratio kept, at most 28rem
 * tall), as a button that opens it larger in an ImageViewer. When its sides are known, its box is
 * reserved before it loads (nothing below it moves) and its placeholder painted there; with a
 * `srcSet`, a phone loads the card's copy rather than the large picture.
 */
export function PostImage({ src, srcSet, width, height, placeholder, alt }: PostImageProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const sized = width !== undefined && height !== undefined;
  const likeness = usePlaceholder(sized ? placeholder : undefined);
  return (
    <>
      <Opener
        type="button"
        aria-haspopup="dialog"
        title="View larger"
        onClick={() => setOpen(true)}
      >
        <Picture
          src={src}
          srcSet={srcSet}
          sizes={srcSet === undefined ? undefined : PICTURE_SIZES}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setLoaded(true)}
          $sized={sized}
          style={
            sized
              ? {
                  maxWidth: `min(100%, ${width}px, ${(MAX_HEIGHT_REM * width) / height}rem)`,
                  ...(loaded || likeness === undefined
                    ? {}
                    : { backgroundImage: `url(${likeness})` }),
                }
              : undefined
          }
        />
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

// A picture of known sides takes the column's width up to its own (and up to 28rem tall), its
// height following from its ratio before a byte of it has arrived (the width and height
// attributes give it `aspect-ratio: auto w / h`, on its content box, as its pixels will); one of
// unknown sides grows once decoded.
const Picture = styled.img<{ $sized: boolean }>`
  display: block;
  width: ${({ $sized }) => ($sized ? '100%' : 'auto')};
  height: auto;
  max-width: 100%;
  max-height: ${MAX_HEIGHT_REM}rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background-color: ${({ theme }) => theme.colors.surfaceSunken};
  background-size: cover;
  pointer-events: auto;
  cursor: zoom-in;

  ${Opener}:focus-visible > & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
