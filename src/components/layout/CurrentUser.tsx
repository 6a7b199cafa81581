import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { UserSummary } from '../../api/types';
import { PATHS } from '../../paths';
import { Avatar } from '../ui/Avatar';
import { Menu, type MenuItem } from '../ui/Menu';
import { oneLine } from '../ui/mixins';
import { THEME_OPTIONS, type ThemeChoice } from '../ui/ThemeSwitch';

export interface CurrentUserProps {
  /**
   * Who is signed in: their avatar, name and @username (each on one line, cut if too long); null
   * while unknown: an invisible card of the same size.
   */
  user: UserSummary | null;
  /** Their avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  avatar?: string | undefined;
  /** Light / Dark / System: the choice in force, checked in the menu. */
  themeChoice: ThemeChoice;
  /** A theme was picked in the menu. */
  onThemeChange: (choice: ThemeChoice) => void;
  /** 'Log out' chosen. */
  onLogout: () => void;
}

/**
 * The signed-in user, small, at the foot of the side navigation; not shown on phones (there the
 * Profile tab leads to the same things). The card is a button that opens the account menu above
 * it: Profile, the three themes (the one in force checked) and Log out. While the user is not
 * known yet (the prerendered shell, before the app runs) their place is kept, empty, so that
 * nothing around it moves when they arrive.
 */
export function CurrentUser({
  user,
  avatar,
  themeChoice,
  onThemeChange,
  onLogout,
}: CurrentUserProps) {
  const navigate = useNavigate();
  if (user === null) {
    return (
      <Placeholder aria-hidden="true">
        <Avatar src="" alt="" size="md" />
        <MeText>
          <MeName>{'\u00a0'}</MeName>
          <MeHandle>{'\u00a0'}</MeHandle>
        </MeText>
      </Placeholder>
    );
  }
  const name = `${user.firstName} ${user.lastName}`;
  const handle = `@${user.username}`;
  const items: MenuItem[] = [
    {
      label: 'Profile',
      icon: <UserRound aria-hidden="true" />,
      onSelect: () => void navigate(PATHS.profile),
    },
    ...THEME_OPTIONS.map(({ value: choice, label, Icon }) => ({
      label: `${label} theme`,
      icon: <Icon aria-hidden="true" />,
      checked: choice === themeChoice,
      onSelect: () => onThemeChange(choice),
    })),
    { label: 'Log out', icon: <LogOut aria-hidden="true" />, danger: true, onSelect: onLogout },
  ];
  return (
    <AccountMenu
      label="Account"
      items={items}
      align="start"
      placement="above"
      trigger={
        <>
          <Avatar src={user.profile} srcSet={avatar} alt="" size="md" />
          <MeText>
            <MeName dir="auto" title={name}>
              {name}
            </MeName>{' '}
            <MeHandle title={handle}>{handle}</MeHandle>
          </MeText>
          <span className="visually-hidden">, account menu</span>
          <Chevrons aria-hidden="true" />
        </>
      }
    />
  );
}

/** The card's look: the account menu's button, and the empty placeholder of the same size. */
const card = css`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Placeholder = styled.div`
  ${card}
  visibility: hidden;
  margin-top: auto;

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const AccountMenu = styled(Menu)`
  display: flex;
  margin-top: auto;

  & > button {
    ${card}
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
    transition: background ${({ theme }) => theme.transition};
  }
  & > button:hover,
  & > button[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  /* The menu as wide as the card. */
  & > ul {
    right: 0;
  }

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const MeText = styled.span`
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

const Chevrons = styled(ChevronsUpDown)`
  flex: none;
  width: 1rem;
  height: 1rem;
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
`;
