import type { Decorator } from '@storybook/react-vite';
import styled from 'styled-components';

/** A post-sized column on the page background, like the main column of the app. */
export const withColumn: Decorator = (Story) => (
  <Column>
    <Story />
  </Column>
);

const Column = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
  }
`;
