import { useTheme } from 'styled-components';

interface LandingIllustrationProps {
  /** What the picture shows, for people who cannot see it. */
  title?: string;
  /** For sizing the picture in its frame (a styled-components `styled(LandingIllustration)`). */
  className?: string;
}

/**
 * The login and sign-up landing image: a bundled vector illustration (no network, no raster),
 * drawn in the theme's colours — conversation bubbles gathering around a small feed card.
 */
export function LandingIllustration({
  title = 'Speech bubbles and a small feed of posts gathering into a conversation',
  className,
}: LandingIllustrationProps) {
  const { colors } = useTheme();
  return (
    <svg
      className={className}
      viewBox="0 0 480 360"
      role="img"
      aria-label={title}
      xmlns="http://www.w3.org/2000/svg"
    >
      {/* Soft backdrop */}
      <circle cx="250" cy="185" r="150" fill={colors.primarySoft} />
      <circle cx="92" cy="84" r="34" fill={colors.primarySoft} />
      <circle cx="420" cy="300" r="22" fill={colors.primarySoft} />

      {/* Feed card */}
      <g>
        <rect
          x="150"
          y="78"
          width="200"
          height="224"
          rx="22"
          fill={colors.surface}
          stroke={colors.border}
          strokeWidth="2"
        />
        <circle cx="182" cy="114" r="14" fill={colors.primary} />
        <rect x="204" y="104" width="92" height="9" rx="4.5" fill={colors.text} />
        <rect x="204" y="119" width="56" height="7" rx="3.5" fill={colors.borderStrong} />
        <rect x="170" y="142" width="160" height="8" rx="4" fill={colors.border} />
        <rect x="170" y="158" width="136" height="8" rx="4" fill={colors.border} />
        <rect x="170" y="178" width="160" height="62" rx="12" fill={colors.primarySoft} />
        <path d="M186 228l26-28 20 20 14-12 30 20z" fill={colors.primary} fillOpacity="0.35" />
        <circle cx="300" cy="198" r="9" fill={colors.primary} fillOpacity="0.35" />
        {/* Actions: heart, bubble, bookmark */}
        <path
          d="M180 268c-6-5-10-8-10-12a5 5 0 0 1 10-2 5 5 0 0 1 10 2c0 4-4 7-10 12z"
          fill={colors.accentLike}
        />
        <rect
          x="204"
          y="254"
          width="18"
          height="14"
          rx="5"
          fill="none"
          stroke={colors.textMuted}
          strokeWidth="2.5"
        />
        <path
          d="M244 254h12v17l-6-5-6 5z"
          fill="none"
          stroke={colors.textMuted}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </g>

      {/* Bubble: left */}
      <g>
        <path
          d="M40 150a18 18 0 0 1 18-18h92a18 18 0 0 1 18 18v30a18 18 0 0 1-18 18H78l-20 16v-16a18 18 0 0 1-18-18z"
          fill={colors.primary}
        />
        <rect x="58" y="152" width="76" height="8" rx="4" fill={colors.onPrimary} />
        <rect
          x="58"
          y="168"
          width="48"
          height="8"
          rx="4"
          fill={colors.onPrimary}
          fillOpacity="0.7"
        />
      </g>

      {/* Bubble: right */}
      <g>
        <path
          d="M330 58a16 16 0 0 1 16-16h88a16 16 0 0 1 16 16v26a16 16 0 0 1-16 16h-12v16l-20-16h-56a16 16 0 0 1-16-16z"
          fill={colors.surface}
          stroke={colors.primary}
          strokeWidth="2.5"
        />
        <circle cx="366" cy="71" r="6" fill={colors.primary} />
        <circle cx="390" cy="71" r="6" fill={colors.primary} fillOpacity="0.65" />
        <circle cx="414" cy="71" r="6" fill={colors.primary} fillOpacity="0.35" />
      </g>

      {/* Bubble: lower right, a like */}
      <g>
        <rect x="340" y="206" width="96" height="52" rx="26" fill={colors.accentLike} />
        <path
          d="M370 242c-7-6-12-9-12-14a6 6 0 0 1 12-2 6 6 0 0 1 12 2c0 5-5 8-12 14z"
          fill={colors.onPrimary}
        />
        <rect x="392" y="226" width="28" height="8" rx="4" fill={colors.onPrimary} />
      </g>

      {/* Sparkles */}
      <path d="M112 262l5 11 11 5-11 5-5 11-5-11-11-5 11-5z" fill={colors.primary} />
      <path d="M390 148l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill={colors.primary} fillOpacity="0.6" />
      <circle cx="70" cy="236" r="5" fill={colors.accentLike} fillOpacity="0.6" />
    </svg>
  );
}
