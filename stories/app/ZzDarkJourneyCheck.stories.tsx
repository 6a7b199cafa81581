import type { Meta, StoryObj } from '@storybook/react-vite';
import { MurmurStory } from './MurmurStory';
import * as journeys from './Journeys.stories';

const meta = {
  title: 'App/ZzDarkJourneyCheck',
  component: MurmurStory,
  parameters: { router: false },
} satisfies Meta<typeof MurmurStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DarkThemeSurvivesReload: Story = journeys.DarkThemeSurvivesReload;
