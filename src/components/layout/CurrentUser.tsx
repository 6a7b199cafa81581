import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { oneLine } from '../ui/mixins';

/**
 * The signed-in user, small, at the foot of the side navigation; not shown on phones. While the
 * user is not known yet (the prerendered shell, before the app runs) their place is kept, empty,
 * so that nothing around it moves when they arrive.
 */
export function CurrentUser({
  user,
}: {
  /**
   * Who is signed in: their avatar, name and @username (each on one line, cut if too long); null
   * while unknown: an invisible card of the same size.
   */
  user: UserSummary | null;
}) {
  if (user === null) {
    return (
      <Me aria-hidden="true" $placeholder>
        <Avatar src="" alt="" size="md" />
        <MeText>
          <MeName>{'\u00a0'}</MeName>
          <MeHandle>{'\u00a0'}</MeHandle>
        </MeText>
      </Me>
    );
  }
  const name = `${user.firstName} ${user.lastName}`;
  const handle = `@${user.username}`;
  return (
    <Me>
      <Avatar src={user.profile} alt="" size="md" />
      <MeText>
        <MeName dir="auto" title={name}>
          {name}
        </MeName>
        <MeHandle title={handle}>{handle}</MeHandle>
      </MeText>
    </Me>
  );
}

const Me = styled.div<{ $placeholder?: boolean }>`
  visibility: ${({ $placeholder }) => ($placeholder ? 'hidden' : 'visible')};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const MeText = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const MeName = styled.span`
  ${oneLine}
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const MeHandle = styled.span`
  ${oneLine}
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
