import { KeyRound } from 'lucide-react';
import { Button } from '../ui/Button';
import { SettingCard } from './SettingCard';

export interface PasswordCardProps {
  /** 'Change password': the owner opens the change-password dialog. */
  onChangePassword: () => void;
}

/**
 * One's own password, as a setting under the profile: what changing it does (this device stays
 * logged in, every other is logged out) and 'Change password', which opens the dialog.
 */
export function PasswordCard({ onChangePassword }: PasswordCardProps) {
  return (
    <SettingCard
      icon={<KeyRound />}
      heading="Password"
      action={
        <Button variant="secondary" onClick={onChangePassword}>
          Change password
        </Button>
      }
    >
      Change the password you log in with. You stay logged in here; every other device is logged
      out.
    </SettingCard>
  );
}
