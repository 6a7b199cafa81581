// The manager's bundle compiles JSX to React.createElement: React must be in scope.
import React from 'react';
import { Button } from 'storybook/internal/components';
import { FORCE_REMOUNT } from 'storybook/internal/core-events';
import {
  addons,
  types,
  useChannel,
  useStorybookApi,
  useStorybookState,
} from 'storybook/manager-api';
import { murmurLight } from './brand';
import { MOCK_DATA_RESET, RESET_MOCK_DATA } from './mockData';

// Murmur's wordmark, title and colours on Storybook's frame (brand.ts).
addons.setConfig({ theme: murmurLight });

/**
 * The toolbar of this Storybook, beside Storybook's own tools (zoom, backgrounds, the viewport
 * menu, whose Desktop and Phone sizes preview.tsx sets, and the Theme switch, a `globalTypes`
 * item in preview.tsx): 'Reset mock data'.
 */
const ADDON_ID = 'murmur/mock-data';

/** An arrow turning back: the seed again. */
function ResetIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path
        d="M2.5 7a4.5 4.5 0 1 0 1.4-3.25M2.5 1.5v2.75h2.75"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Every story starts from the seed already; after clicking around in one (the app's stories,
 * the API explorer) this puts the mock database back to the seed and remounts the story.
 */
function ResetMockData() {
  const api = useStorybookApi();
  const { storyId } = useStorybookState();
  const [busy, setBusy] = React.useState(false);
  const emit = useChannel({
    [MOCK_DATA_RESET]: ({ storyId: reset }: { storyId: string }) => {
      setBusy(false);
      emit(FORCE_REMOUNT, { storyId: reset });
      api.addNotification({
        id: MOCK_DATA_RESET,
        content: {
          headline: 'Mock data reset',
          subHeadline: 'The story starts again from the seed.',
        },
        duration: 4000,
      });
    },
  });
  const reset = React.useCallback(() => {
    setBusy(true);
    emit(RESET_MOCK_DATA, { storyId });
  }, [emit, storyId]);
  return (
    <Button
      variant="ghost"
      padding="small"
      ariaLabel={false}
      tooltip="Put the mock database back to its seed and remount the story"
      onClick={reset}
      disabled={busy}
      animation="rotate360"
      animating={busy}
    >
      <ResetIcon />
      Reset mock data
    </Button>
  );
}

addons.register(ADDON_ID, () => {
  addons.add(`${ADDON_ID}/reset`, {
    type: types.TOOL,
    title: 'Reset mock data',
    match: ({ viewMode }) => viewMode === 'story',
    render: () => <ResetMockData />,
  });
});
