import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { failEndpoint } from '../../src/mocks/overrides';
import { inFrame } from '../../.storybook/docs';
import { ApiExplorer } from './ApiExplorer';

/**
 * The mock API answering in the browser: the MSW worker Storybook starts serves the full API
 * from a fresh copy of the seed for every story.
 */
const meta = {
  title: 'API/Explorer',
  component: ApiExplorer,
  parameters: { docs: { story: inFrame('800px') }, router: false },
} satisfies Meta<typeof ApiExplorer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

/** Logs in as the guest and publishes a post; the worker answers 200 and then 201. */
export const GuestCreatesAPost: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username'), 'guest');
    await userEvent.type(canvas.getByLabelText('Password'), 'guest1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(canvas.getByText('Logged in as @guest')).toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent('200 OK: logged in as @guest');

    await userEvent.type(canvas.getByLabelText('Post text'), 'Hello from the API explorer');
    await userEvent.click(canvas.getByRole('button', { name: 'Create post' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        '201 Created: 9 posts, newest by @guest: “Hello from the API explorer”',
      ),
    );
    await expect(canvas.getByLabelText('Post text')).toHaveValue('');
  },
};

/** Without a token the API refuses the write with its 'not authorized' message. */
export const RefusedWithoutLogin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Post text'), 'Who am I?');
    await userEvent.click(canvas.getByRole('button', { name: 'Create post' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        '401 Unauthorized: The token is invalid. Unauthorized access error.',
      ),
    );
  },
};

/** A story can override one endpoint; here login fails as if the server were down. */
export const LoginOverriddenToFail: Story = {
  parameters: {
    msw: { handlers: [failEndpoint('POST /auth/login', 503, 'Down for maintenance')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username'), 'guest');
    await userEvent.type(canvas.getByLabelText('Password'), 'guest1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('503: Down for maintenance'),
    );
    await expect(canvas.getByText('Not logged in')).toBeInTheDocument();
  },
};
