/**
 * The toolbar's 'Reset mock data' (manager.tsx) and the preview (preview.tsx) talk over
 * Storybook's channel with these two events: the manager asks, the preview restores the mock
 * database to its seed and answers, then the manager remounts the story, which loads its data
 * again from the seed.
 */
export const RESET_MOCK_DATA = 'murmur/reset-mock-data';
export const MOCK_DATA_RESET = 'murmur/mock-data-reset';
