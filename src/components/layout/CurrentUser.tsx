import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';

/** The signed-in user, small, at the foot of the side navigation; not shown on phones. */
export function CurrentUser({
  user,
}: {
  /** Who is signed in: their avatar, name and @username. */
  user: UserSummary;
}) {
  return (
    <Me>
      <Avatar src={user.profile} alt="" size="md" />
      <MeText>
        <MeName>
          {user.firstName} {user.lastName}
        </MeName>
        <MeHandle>@{user.username}</MeHandle>
      </MeText>
    </Me>
  );
}

const Me = styled.div`
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
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const MeHandle = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
