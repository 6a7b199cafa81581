import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { checkText } from '../../src/api/rules';
import { TextArea, TextField } from '../../src/components/ui';
import type { TextAreaProps, TextFieldProps } from '../../src/components/ui';

/**
 * A field that shows the counter of a text rule of `max` characters, the way a form passes a
 * rule's verdict: the count is the rule's (grapheme clusters after trimming). The field stays
 * uncontrolled; only the count follows the text.
 */
function useCounted<E extends HTMLInputElement | HTMLTextAreaElement>(
  initial: unknown,
  max: number,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  const [value, setValue] = useState(typeof initial === 'string' ? initial : '');
  return {
    defaultValue: initial as string | undefined,
    counter: checkText(value, { required: false, max }),
    onChange: (event: ChangeEvent<E>) => {
      setValue(event.target.value);
      onChange?.(event);
    },
  };
}

export function CountedTextField({
  max,
  defaultValue,
  onChange,
  ...props
}: TextFieldProps & { max: number }) {
  return <TextField {...props} {...useCounted(defaultValue, max, onChange)} />;
}

export function CountedTextArea({
  max,
  defaultValue,
  onChange,
  ...props
}: TextAreaProps & { max: number }) {
  return <TextArea {...props} {...useCounted(defaultValue, max, onChange)} />;
}
