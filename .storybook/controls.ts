import type { ArgTypesEnhancer, StrictArgTypes } from 'storybook/internal/types';

/** The prop types Storybook draws a plain control for: a checkbox, a text box, a number, options. */
const PLAIN = new Set(['boolean', 'string', 'number', 'enum']);

/**
 * Which props get a control, on the docs pages' props tables and in the Controls panel: the
 * plain ones (booleans, strings, numbers, a choice of values), and content (`ReactNode`) that a
 * story gives as text, as a text box. Objects, arrays, functions and elements get none: editing a
 * post or a callback as JSON teaches nothing, and Storybook's JSON editor fails axe (its `li`
 * elements sit outside any list), which every docs page must pass. A control that a story file
 * sets itself is kept.
 */
export const plainControls: ArgTypesEnhancer = ({ argTypes, initialArgs }) => {
  const withControls: StrictArgTypes = {};
  for (const [name, argType] of Object.entries(argTypes)) {
    if (argType.control !== undefined || PLAIN.has(argType.type?.name ?? '')) {
      withControls[name] = argType;
    } else if (typeof initialArgs[name] === 'string') {
      withControls[name] = { ...argType, control: { type: 'text' } };
    } else {
      withControls[name] = { ...argType, control: false };
    }
  }
  return withControls;
};
