import type { SubmitEvent } from 'react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SignupRequest } from '../../api/types';
import { LIMITS } from '../../api/types';
import {
  AuthActions,
  AuthForm,
  AuthLayout,
  AuthSwitchLine,
  FormMessage,
} from '../layout/AuthLayout';
import { Button } from '../ui/Button';
import { PasswordField, TextField } from '../ui/Field';

/** The five sign-up fields, as typed. */
export interface SignupValues {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export type SignupField = keyof SignupValues;

export const EMPTY_SIGNUP: SignupValues = {
  firstName: '',
  lastName: '',
  username: '',
  password: '',
  confirmPassword: '',
};

/**
 * The length and format rules (decisions.md "Limits") broken by non-empty fields. Empty fields
 * and the password match are the owner's to judge ('Please fill the fields',
 * 'Both Passwords do not match').
 */
export function signupLimitErrors(values: SignupValues): Partial<Record<SignupField, string>> {
  const errors: Partial<Record<SignupField, string>> = {};
  const { name, username, password } = LIMITS;
  if (values.firstName.length > name.max)
    errors.firstName = `First name can be at most ${name.max} characters.`;
  if (values.lastName.length > name.max)
    errors.lastName = `Last name can be at most ${name.max} characters.`;
  if (values.username !== '') {
    if (values.username.length < username.min || values.username.length > username.max)
      errors.username = `Username must be ${username.min}–${username.max} characters long.`;
    else if (!username.pattern.test(values.username))
      errors.username = 'Username can only use letters, digits and _.';
  }
  if (values.password !== '' && values.password.length < password.min)
    errors.password = `Password must be at least ${password.min} characters long.`;
  return errors;
}

export interface SignupScreenProps {
  values: SignupValues;
  onChange: (field: SignupField, value: string) => void;
  /**
   * 'Create New Account' (or Enter), with the values as the API's sign-up body. Not called while
   * a filled field breaks a length or format rule: that field shows why and takes focus.
   */
  onSubmit: (request: SignupRequest) => void;
  /** While the account is being created: the button shows a spinner and ignores presses. */
  busy?: boolean;
  /** A validation or server message ('Please fill the fields', 'Both Passwords do not match'). */
  message?: string | null;
}

const FIELD_ORDER: SignupField[] = [
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
  onSubmit,
  busy = false,
  message,
}: SignupScreenProps) {
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = signupLimitErrors(values);
  const errorOf = (field: SignupField) => (attempted || touched[field] ? errors[field] : undefined);

  const bind = (field: SignupField) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: () => setTouched((seen) => (seen[field] ? seen : { ...seen, [field]: true })),
  });

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onSubmit({ ...values });
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
          hint={`${LIMITS.username.min}–${LIMITS.username.max} letters, digits or _`}
          {...bind('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${LIMITS.password.min} characters`}
          {...bind('password')}
        />
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
        <Link to="/">Already have an account</Link>
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
