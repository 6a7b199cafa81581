import type { SubmitEvent } from 'react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SignupField, SignupFields } from '../../api/rules';
import { PATHS } from '../../paths';
import { AuthActions, AuthForm, AuthLayout, AuthSwitchLine } from '../layout/AuthLayout';
import { FormMessage } from '../layout/FormMessage';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { PasswordField } from '../ui/PasswordField';

export const EMPTY_SIGNUP: SignupFields = {
  firstName: '',
  lastName: '',
  username: '',
  password: '',
  confirmPassword: '',
};

export interface SignupScreenProps {
  /** The fields' values (controlled): names, username, password and its confirmation. */
  values: SignupFields;
  /** Called with a field and its new value as the person types. */
  onChange: (field: SignupField, value: string) => void;
  /** What breaks a length or format rule, per field, in a person's words (the sign-up rule). */
  fieldErrors: Partial<Record<SignupField, string>>;
  /** The limits as stated beside the fields. */
  hints: Partial<Record<SignupField, string>>;
  /**
   * 'Create New Account' (or Enter). Called only when `fieldErrors` is empty; otherwise the
   * first field with an error shows why and takes focus.
   */
  onSubmit: () => void;
  /** While the account is being created: the button shows a spinner and ignores presses. */
  busy?: boolean;
  /** A validation or server message ('Please fill the fields', 'Both Passwords do not match'). */
  message?: string | null;
}

/** The fields in the order the form shows them: the first with an error takes focus. */
const FIELD_ORDER: readonly SignupField[] = [
  'firstName',
  'lastName',
  'username',
  'password',
  'confirmPassword',
];

/**
 * The sign-up page (`/signup-page`): First name, Last name, Username, Password and Confirm
 * password (both with show / hide toggles), hints for the limits, 'Create New Account' and the
 * 'Already have an account' link. Controlled: values and message come from the owner; a field's
 * limit error shows once the field has been left or the form sent.
 */
export function SignupScreen({
  values,
  onChange,
  fieldErrors,
  hints,
  onSubmit,
  busy = false,
  message,
}: SignupScreenProps) {
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorOf = (field: SignupField) =>
    attempted || touched[field] ? fieldErrors[field] : undefined;

  const bind = (field: SignupField) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    hint: hints[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: () => setTouched((seen) => (seen[field] ? seen : { ...seen, [field]: true })),
  });

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    const firstInvalid = FIELD_ORDER.find((field) => fieldErrors[field] !== undefined);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <AuthLayout heading="Join Murmur" intro="Create an account to post, follow and bookmark.">
      <AuthForm ref={formRef} noValidate onSubmit={handleSubmit} aria-label="Sign up">
        <NameRow>
          <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
        </NameRow>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('username')}
        />
        <PasswordField label="Password" autoComplete="new-password" {...bind('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        <FormMessage message={message} />
        <AuthActions>
          <Button type="submit" size="lg" fullWidth busy={busy}>
            Create New Account
          </Button>
        </AuthActions>
      </AuthForm>
      <AuthSwitchLine>
        <Link to={PATHS.login}>Already have an account</Link>
      </AuthSwitchLine>
    </AuthLayout>
  );
}

const NameRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
`;
