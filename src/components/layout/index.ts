export { AppLayout } from './AppLayout';
export type { AppLayoutProps } from './AppLayout';
export { AuthLayout, AuthActions, AuthForm, AuthSwitchLine } from './AuthLayout';
export type { AuthLayoutProps } from './AuthLayout';
export { FormMessage } from './FormMessage';
export type { FormMessageTone } from './FormMessage';
export { LandingIllustration } from './LandingIllustration';
export { MessagePage } from './MessagePage';
export type { MessagePageProps } from './MessagePage';
