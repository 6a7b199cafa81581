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

/** A click picks Dark and leaves no focus ring behind. */
export const ClickPicksDark: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Dark'));
    await expect(args.onChange).toHaveBeenCalledWith('dark');
    const dark = canvas.getByRole('radio', { name: 'Dark' });
    await expect(dark).toBeChecked();
    await expect(dark).toHaveFocus();
    await expect(dark.matches(':focus-visible')).toBe(false);
    const segment = dark.closest('label');
    if (!segment) throw new Error('The option has no label.');
    await expect(getComputedStyle(segment).outlineStyle).toBe('none');
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
    await expect(canvas.getByTitle('System')).toBeVisible();
    await expect(canvas.getByText('Light')).not.toBeVisible();
  },
};
