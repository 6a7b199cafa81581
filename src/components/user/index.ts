export { WhoToFollow } from './WhoToFollow';
export type { WhoToFollowProps } from './WhoToFollow';
export { ProfileCard, safeWebsite } from './ProfileCard';
export type { ProfileCardProps } from './ProfileCard';
export {
  EditProfileDialog,
  BIO_TOO_LONG,
  IMAGE_NOT_ALLOWED,
  IMAGE_TOO_LARGE,
  WEBSITE_INVALID,
} from './EditProfileDialog';
export type { EditProfileDialogProps } from './EditProfileDialog';
export { DemoDataCard } from './DemoDataCard';
export type { DemoDataCardProps } from './DemoDataCard';
