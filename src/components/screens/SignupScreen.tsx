import { useRef, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SignupField, SignupFields } from '../../api/rules';
import { PATHS } from '../../paths';
import { AuthActions, AuthForm, AuthLayout, AuthSwitchLine } from '../layout/AuthLayout';
import { FormMessage } from '../layout/FormMessage';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { PasswordField } from '../ui/PasswordField';
import { useFieldErrors } from '../ui/useFieldErrors';

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
  /**
   * What is wrong with each field, in a person's words: the sign-up rule's verdict (empty, a
   * length or format rule broken, a confirmation that differs) and a server refusal on the field
   * it concerns ('That username is taken. Try another one.' on Username). A field shows its
   * error, marked `aria-invalid`, once the form was sent or the field left filled in, until it
   * changes.
   */
  fieldErrors: Partial<Record<SignupField, string>>;
  /** The limits as stated beside the fields. */
  hints: Partial<Record<SignupField, string>>;
  /**
   * 'Create New Account' (or Enter); the owner validates. Always called (the owner says why it
   * refuses); afterwards focus moves to the first field with an error.
   */
  onSubmit: () => void;
  /** While the account is being created: the button shows a spinner and ignores presses. */
  busy?: boolean;
  /** A server refusal that concerns no one field, shown above the button in an alert. */
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
 * 'Already have an account' link. Controlled: values, field errors and message come from the
 * owner; a field's error shows under it once the field has been left filled in or the form sent,
 * focus then moves to the first field with one, and the error goes as soon as the field changes.
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
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFieldErrors({ order: FIELD_ORDER, values, errors: fieldErrors, busy, formRef });

  const bind = (field: SignupField) => ({
    name: field,
    value: values[field],
    error: errors.errorOf(field),
    hint: hints[field],
    'aria-required': true,
    onChange: (event: { target: { value: string } }) => {
      errors.changed(field);
      onChange(field, event.target.value);
    },
    onBlur: () => errors.left(field),
  });

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    errors.sent();
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
