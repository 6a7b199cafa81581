import { Info, UserRoundCheck } from 'lucide-react';
import type { SubmitEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
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

export interface LoginScreenProps {
  /** The username field's value (controlled). */
  username: string;
  /** The password field's value (controlled). */
  password: string;
  /** Called with the username field's new value as the person types. */
  onUsernameChange: (username: string) => void;
  /** Called with the password field's new value as the person types. */
  onPasswordChange: (password: string) => void;
  /** 'Add Guest Credentials': the owner fills in GUEST_CREDENTIALS. */
  onFillGuest: () => void;
  /** 'Login' (or Enter in a field), with the values as typed; the owner validates. */
  onSubmit: (credentials: LoginRequest) => void;
  /** While logging in: 'Login' shows a spinner and ignores presses. */
  busy?: boolean;
  /** A validation or server message to show ('Please fill the fields.'). */
  message?: string | null;
  /**
   * Why the person is asked to log in, shown above the fields: the owner passes 'Log in to
   * continue' when a protected page sent them here (A18). Nothing by default.
   */
  notice?: string | null;
}

/**
 * The login page (route `/`): landing image and heading, Username and Password (with a show /
 * hide toggle), 'Login', 'Add Guest Credentials' and the 'Create New Account' link. Controlled:
 * the values and the message come from the owner.
 */
export function LoginScreen({
  username,
  password,
  onUsernameChange,
  onPasswordChange,
  onFillGuest,
  onSubmit,
  busy = false,
  message,
  notice,
}: LoginScreenProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    onSubmit({ username, password });
  };

  return (
    <AuthLayout heading="Log in to Murmur" intro="See what the people you follow are saying.">
      <AuthForm noValidate onSubmit={handleSubmit} aria-label="Log in">
        {notice ? (
          <Notice role="status">
            <Info aria-hidden="true" />
            <span>{notice}</span>
          </Notice>
        ) : null}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => onUsernameChange(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <FormMessage message={message} />
        <AuthActions>
          <Button type="submit" size="lg" fullWidth busy={busy}>
            Login
          </Button>
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            icon={<UserRoundCheck aria-hidden="true" />}
            onClick={onFillGuest}
          >
            Add Guest Credentials
          </Button>
        </AuthActions>
      </AuthForm>
      <AuthSwitchLine>
        New to Murmur? <Link to={PATHS.signup}>Create New Account</Link>
      </AuthSwitchLine>
    </AuthLayout>
  );
}

/** Why the person is here: calm, in the page's words (text on the soft primary surface). */
const Notice = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  svg {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
  }
`;
