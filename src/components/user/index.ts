export { WhoToFollow } from './WhoToFollow';
export type { FollowSuggestion, WhoToFollowProps, WhoToFollowStatus } from './WhoToFollow';
export { ProfileCard } from './ProfileCard';
export type { ProfileCardProps, ProfileSection } from './ProfileCard';
export { EditProfileDialog } from './EditProfileDialog';
export type { EditProfileDialogProps } from './EditProfileDialog';
export { DemoDataCard } from './DemoDataCard';
export type { DemoDataCardProps } from './DemoDataCard';
export { FollowButton } from './FollowButton';
export type { FollowButtonProps } from './FollowButton';
export { PeopleList } from './PeopleList';
export type { PeopleListProps, PersonEntry } from './PeopleList';
export { ChangePasswordDialog } from './ChangePasswordDialog';
export type {
  ChangePasswordDialogProps,
  PasswordChange,
  PasswordChangeField,
  PasswordChangeRefusal,
} from './ChangePasswordDialog';
export { PasswordCard } from './PasswordCard';
export type { PasswordCardProps } from './PasswordCard';
export { SettingCard } from './SettingCard';
export type { SettingCardProps } from './SettingCard';
