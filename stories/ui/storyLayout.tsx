import type { Decorator } from '@storybook/react-vite';
import styled from 'styled-components';

/** Shared layout for the ui stories: a padded page, rows and columns of examples. */
export const Page = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  min-height: 12rem;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

export const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 26rem;
`;

export const Caption = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Wraps a story in the padded page. */
export const padded: Decorator = (Story) => (
  <Page>
    <Story />
  </Page>
);
