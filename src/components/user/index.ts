export { WhoToFollow } from './WhoToFollow';
export type { FollowSuggestion, WhoToFollowProps, WhoToFollowStatus } from './WhoToFollow';
export { ProfileCard } from './ProfileCard';
export type { ProfileCardProps } from './ProfileCard';
export { EditProfileDialog } from './EditProfileDialog';
export type { EditProfileDialogProps } from './EditProfileDialog';
export { DemoDataCard } from './DemoDataCard';
export type { DemoDataCardProps } from './DemoDataCard';
