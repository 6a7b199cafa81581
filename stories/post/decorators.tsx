import type { Decorator } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import styled from 'styled-components';
import { AppLayout } from '../../src/components/layout';
import { WhoToFollow } from '../../src/components/user';
import { followSuggestions, guestUser } from '../fixtures-user';

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

/** Options of the app frame for a story: `parameters.appFrame`. */
export interface AppFrameParameters {
  /** Leave 'Who to follow' out (phone pictures, where it would follow a long feed). */
  aside?: boolean;
  /** The bookmark page disables New Post. */
  newPostDisabled?: boolean;
}

/**
 * The signed-in frame around a screen story: AppLayout with the guest, the navigation at the
 * screen's route (parameters.router) and 'Who to follow' beside it, as the page will render it.
 * Its theme switch says which theme the toolbar shows the story in.
 */
export const withAppFrame: Decorator = (Story, { parameters, globals }) => {
  const { aside = true, newPostDisabled = false } = (parameters.appFrame ??
    {}) as AppFrameParameters;
  return (
    <AppLayout
      user={guestUser}
      onNewPost={fn()}
      newPostDisabled={newPostDisabled}
      themeChoice={globals.theme === 'dark' ? 'dark' : 'light'}
      onThemeChange={fn()}
      onLogout={fn()}
      aside={aside ? <WhoToFollow people={followSuggestions()} onToggleFollow={fn()} /> : undefined}
    >
      <Story />
    </AppLayout>
  );
};
