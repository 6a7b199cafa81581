import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import styled from 'styled-components';
import { IconButton } from './Button';
import { FieldShell, Input, useField } from './Field';
import type { TextFieldProps } from './Field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /**
   * What the toggle's name calls the password: "Show …" / "Hide …". Default "password". A form
   * with two password fields names the second one's (e.g. "confirm password"), so that a screen
   * reader tells the two toggles apart.
   */
  toggleName?: string;
};

/**
 * A password input with a show/hide toggle button ("Show password" / "Hide password", or the
 * `toggleName` given; `aria-pressed` while the password is shown). `autoComplete` defaults to
 * "current-password".
 */
export function PasswordField({
  autoComplete = 'current-password',
  toggleName = 'password',
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { shell, control } = useField(props);
  return (
    <FieldShell shell={shell}>
      <InputRow>
        <Input
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          $withToggle
          {...control}
        />
        <Toggle
          label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          aria-pressed={visible}
          aria-controls={control.id}
          icon={visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          size="sm"
          disabled={control.disabled}
          onClick={() => setVisible((shown) => !shown)}
        />
      </InputRow>
    </FieldShell>
  );
}

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Toggle = styled(IconButton)`
  position: absolute;
  right: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
