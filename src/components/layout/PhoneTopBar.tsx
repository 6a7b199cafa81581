import styled from 'styled-components';
import { Brand } from './Brand';
import { TOP_BAR_HEIGHT } from './sizes';

/** The sticky app title at the top of a phone's screen; not shown on wider screens. */
export function PhoneTopBar() {
  return (
    <TopBar>
      <Brand place="bar" />
    </TopBar>
  );
}

const TopBar = styled.header`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: flex;
    align-items: center;
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    height: ${TOP_BAR_HEIGHT};
    padding: 0 ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
