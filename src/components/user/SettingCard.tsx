import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

export interface SettingCardProps {
  /** A decorative icon in a tinted circle (e.g. a lucide-react element). */
  icon: ReactNode;
  /** The card's heading (an h2), which names its region. */
  heading: string;
  /** What the setting is and what its action does, in a sentence or two. */
  children: ReactNode;
  /** The action: a button, with the dialog it opens. */
  action: ReactNode;
}

/**
 * One setting of one's own profile, as a card under its profile card: an icon, a heading and a
 * few words on the left, its action on the right (under them on a phone). A region named by its
 * heading. No outer margin: the page's column spaces it like its other cards.
 */
export function SettingCard({ icon, heading, children, action }: SettingCardProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Icon aria-hidden="true">{icon}</Icon>
      <Body>
        <Heading id={headingId}>{heading}</Heading>
        <Text>{children}</Text>
      </Body>
      {action}
    </Card>
  );
}

const Card = styled.section`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ theme }) => theme.media.phone} {
    flex-wrap: wrap;
  }
`;
const Icon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryStrong};
`;
const Body = styled.div`
  flex: 1 1 16rem;
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
`;
const Heading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
`;
const Text = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
