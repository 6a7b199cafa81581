import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ThemeSwitch, type ThemeSwitchProps } from '../../src/components/ui';
import { padded } from './storyLayout';

/** The switch holding its own choice, as the app's machine would, and reporting each pick. */
function Switch(props: ThemeSwitchProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: '16rem' }}>
      <ThemeSwitch
        {...props}
        value={value}
        onChange={(choice) => {
          setValue(choice);
          props.onChange(choice);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/ThemeSwitch',
  component: ThemeSwitch,
  decorators: [padded],
  render: (args) => <Switch {...args} />,
  args: { value: 'system', onChange: fn(), compact: false },
  argTypes: { value: { control: 'inline-radio', options: ['light', 'dark', 'system'] } },
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** System checked: a radio group named 'Theme' with Light, Dark and System. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'light',
      'dark',
      'system',
    ]);
    await expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();
  },
};

/**
 * A click picks Dark. (The ring shows only for keyboard focus, `:focus-visible`; a script's
 * synthetic click counts as keyboard-like to the browser, so the no-ring-after-a-click promise is
 * checked with a real mouse in the app's screenshots, not here.)
 */
export const ClickPicksDark: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Dark'));
    await expect(args.onChange).toHaveBeenCalledWith('dark');
    const dark = canvas.getByRole('radio', { name: 'Dark' });
    await expect(dark).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'System' })).not.toBeChecked();
    dark.blur();
  },
};

/** From the keyboard: one Tab stop, the ring on the checked option, arrows move and pick. */
export const Keyboard: Story = {
  args: { value: 'light' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const light = canvas.getByRole('radio', { name: 'Light' });
    await expect(light).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const dark = canvas.getByRole('radio', { name: 'Dark' });
    await expect(dark).toHaveFocus();
    await expect(dark).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('dark');
    const segment = dark.closest('label');
    if (!segment) throw new Error('The option has no label.');
    await expect(getComputedStyle(segment).outlineStyle).toBe('solid');
  },
};

/** Icons only, for the phone's top bar: each option still has its name (and a tooltip). */
export const Compact: Story = {
  args: { compact: true, value: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toBeChecked();
    const system = canvas.getByTitle('System');
    await expect(system).toBeVisible();
    // An icon's width, not a word's.
    await expect(system.getBoundingClientRect().width).toBeLessThan(48);
  },
};
