import { UserRoundCheck } from 'lucide-react';
import { useRef, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import type { LoginField } from '../../api/rules';
import type { LoginRequest } from '../../api/types';
import { PATHS } from '../../paths';
import {
  AuthActions,
  AuthForm,
  AuthLayout,
  AuthSwitchLine,
  FormMessage,
} from '../layout/AuthLayout';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { PasswordField } from '../ui/PasswordField';
import { useFieldErrors } from '../ui/useFieldErrors';

/** The fields in the order the form shows them: the first with an error takes focus. */
const FIELD_ORDER: readonly LoginField[] = ['username', 'password'];

export interface LoginScreenProps {
  /** The username field's value (controlled). */
  username: string;
  /** The password field's value (controlled). */
  password: string;
  /** Called with the username field's new value as the person types. */
  onUsernameChange: (username: string) => void;
  /** Called with the password field's new value as the person types. */
  onPasswordChange: (password: string) => void;
  /**
   * 'Add Guest Credentials': the owner fills in GUEST_CREDENTIALS. Omitted (a server without the
   * guest account), the button is not shown.
   */
  onFillGuest?: () => void;
  /**
   * 'Login' (or Enter in a field), with the values as typed; the owner validates. Always called
   * (the owner says why it refuses); afterwards focus moves to the first field with an error.
   */
  onSubmit: (credentials: LoginRequest) => void;
  /** While logging in: 'Login' shows a spinner and ignores presses. */
  busy?: boolean;
  /**
   * What is wrong with each field, in a person's words: the login rule's verdict (an empty field)
   * and a server refusal on the field it concerns ('That password is not right for this username.' on
   * Password). A field shows its error, marked `aria-invalid`, once the form was sent or the field
   * left filled in, until it changes.
   */
  fieldErrors?: Partial<Record<LoginField, string>>;
  /** A server refusal that concerns no one field, shown above the buttons in an alert. */
  message?: string | null;
  /**
   * Why the person is asked to log in, shown above the fields: the owner passes 'Log in to
   * continue' when a protected page sent them here. Nothing by default.
   */
  notice?: string | null;
}

/**
 * The login page (route `/`): landing image and heading, Username and Password (with a show /
 * hide toggle), 'Login', 'Add Guest Credentials' (where there is a guest account) and the 'Create
 * New Account' link. Controlled:
 * the values, the field errors and the message come from the owner; a field's error shows under
 * it once the form is sent, focus then moves to the first field with one, and the error goes as
 * soon as the field changes.
 */
export function LoginScreen({
  username,
  password,
  onUsernameChange,
  onPasswordChange,
  onFillGuest,
  onSubmit,
  busy = false,
  fieldErrors = NO_ERRORS,
  message,
  notice,
}: LoginScreenProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFieldErrors({
    order: FIELD_ORDER,
    values: { username, password },
    errors: fieldErrors,
    busy,
    formRef,
  });
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    errors.sent();
    onSubmit({ username, password });
  };

  return (
    <AuthLayout heading="Log in to Murmur" intro="See what the people you follow are saying.">
      <AuthForm ref={formRef} noValidate onSubmit={handleSubmit} aria-label="Log in">
        <FormMessage tone="info" message={notice} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-required
          value={username}
          error={errors.errorOf('username')}
          onChange={(event) => {
            errors.changed('username');
            onUsernameChange(event.target.value);
          }}
          onBlur={() => errors.left('username')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          aria-required
          value={password}
          error={errors.errorOf('password')}
          onChange={(event) => {
            errors.changed('password');
            onPasswordChange(event.target.value);
          }}
          onBlur={() => errors.left('password')}
        />
        <FormMessage message={message} />
        <AuthActions>
          <Button type="submit" size="lg" fullWidth busy={busy}>
            Login
          </Button>
          {onFillGuest && (
            <Button
              variant="secondary"
              size="lg"
              fullWidth
              icon={<UserRoundCheck aria-hidden="true" />}
              onClick={() => {
                errors.changed('username', 'password');
                onFillGuest();
              }}
            >
              Add Guest Credentials
            </Button>
          )}
        </AuthActions>
      </AuthForm>
      <AuthSwitchLine>
        New to Murmur? <Link to={PATHS.signup}>Create New Account</Link>
      </AuthSwitchLine>
    </AuthLayout>
  );
}

const NO_ERRORS: Partial<Record<LoginField, string>> = {};

/** Why the person is here: calm, in the page's words (text on the soft primary surface). */
