import { WifiOff } from 'lucide-react';
import styled from 'styled-components';

export interface LiveStatusProps {
  /** The live stream is down and trying again: say so, quietly. */
  down: boolean;
}

/**
 * A quiet line at the foot of the page while live updates are paused (the stream broke and is reconnecting): what is on
 * screen may be behind, and it catches up by itself once the stream is back. A polite status
 * region that is always there, so a screen reader hears the line when it appears; nothing shows
 * while the stream is up.
 */
export function LiveStatus({ down }: LiveStatusProps) {
  return (
    <Region role="status" aria-live="polite">
      {down && (
        <Line>
          <WifiOff aria-hidden="true" />
          <span>Live updates paused. Reconnecting…</span>
        </Line>
      )}
    </Region>
  );
}

/** Over the page at its foot (above the phone's tab bar), so it moves nothing as it comes and goes. */
const Region = styled.div`
  position: fixed;
  left: 50%;
  bottom: calc(var(--murmur-bottom-clearance, 0px) + ${({ theme }) => theme.space.md});
  z-index: ${({ theme }) => theme.zIndex.sticky};
  transform: translateX(-50%);

  &:empty {
    display: none;
  }
`;

const Line = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  width: fit-content;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  svg {
    flex: none;
    width: 1rem;
    height: 1rem;
  }
`;
