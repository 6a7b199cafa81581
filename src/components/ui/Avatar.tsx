import { useState } from 'react';
import styled, { useTheme } from 'styled-components';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** The picture's URL (or data URL). Empty, null or failing to load shows the placeholder. */
  src?: string | null;
  /**
   * The picture in its sizes (`srcset` with widths): the browser loads the smallest that is sharp
   * at the avatar's size. Omitted, `src` alone.
   */
  srcSet?: string | undefined;
  /** Who it is ("Ada Lovelace"). Pass "" when the name is already written beside the avatar. */
  alt: string;
  /** 2, 2.5, 3.5 or 6 rem across. Default 'md'. */
  size?: AvatarSize;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

const sizes: Record<AvatarSize, string> = { sm: '2rem', md: '2.5rem', lg: '3.5rem', xl: '6rem' };

/**
 * A round profile picture. With no picture (or one that fails to load) it shows the default
 * placeholder: a bundled, theme-coloured SVG silhouette (no network request).
 */
export function Avatar({ src, srcSet, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const dimension = sizes[size];
  if (!src || failedSrc === src) {
    return <AvatarPlaceholder alt={alt} $size={dimension} className={className} />;
  }
  return (
    <Image
      src={src}
      srcSet={srcSet}
      sizes={srcSet === undefined ? undefined : dimension}
      alt={alt}
      $size={dimension}
      className={className}
      onError={() => setFailedSrc(src)}
    />
  );
}

function AvatarPlaceholder({
  alt,
  $size,
  className,
}: {
  alt: string;
  $size: string;
  className: string | undefined;
}) {
  const { colors } = useTheme();
  const decorative = alt === '';
  return (
    <Placeholder
      viewBox="0 0 64 64"
      $size={$size}
      className={className}
      data-placeholder="true"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : alt}
      aria-hidden={decorative || undefined}
      focusable="false"
    >
      <rect width="64" height="64" fill={colors.primarySoft} />
      <circle cx="32" cy="25" r="11" fill={colors.primary} opacity="0.55" />
      <path d="M10 60c2-12 11-19 22-19s20 7 22 19v4H10z" fill={colors.primary} opacity="0.55" />
    </Placeholder>
  );
}

const Image = styled.img<{ $size: string }>`
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  flex: none;
  border-radius: ${({ theme }) => theme.radii.round};
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

const Placeholder = styled.svg<{ $size: string }>`
  display: block;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  flex: none;
  border-radius: ${({ theme }) => theme.radii.round};
  clip-path: circle(50%);
`;
