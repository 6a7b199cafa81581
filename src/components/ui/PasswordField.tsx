import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import styled from 'styled-components';
import { IconButton } from './Button';
import { FieldShell, Input, useField } from './Field';
import type { TextFieldProps } from './Field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A password input with a show/hide toggle button named after the field's label ("Show password"
 * / "Hide password" for Password, "Show confirm password" for Confirm password: a form with
 * several password fields has toggles a screen reader tells apart), `aria-pressed` while the
 * password is shown. `autoComplete` defaults to "current-password".
 */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const toggleName = props.label.toLowerCase();
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
