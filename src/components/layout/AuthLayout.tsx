import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LandingIllustration } from './LandingIllustration';

export { FormMessage } from './FormMessage';

export interface AuthLayoutProps {
  /** The page heading (h1) above the form. */
  heading: string;
  /** One line under the heading. */
  intro?: string;
  /** The form column's content. */
  children: ReactNode;
}

/**
 * The frame of the login and sign-up pages: the landing image with the brand beside the form
 * column on wide screens; stacked (a compact image first) on phones. No app navigation here.
 */
export function AuthLayout({ heading, intro, children }: AuthLayoutProps) {
  return (
    <Page>
      <Hero>
        <Brand>Murmur</Brand>
        <Picture />
        <Tagline>Short posts, real conversations.</Tagline>
      </Hero>
      <FormColumn>
        <FormInner>
          <Heading>{heading}</Heading>
          {intro ? <Intro>{intro}</Intro> : null}
          {children}
        </FormInner>
      </FormColumn>
    </Page>
  );
}

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto 1fr;
  }
`;

const Hero = styled.section`
  display: flex;
  flex-direction: column;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.background};
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.phone} {
    flex-direction: row;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg}
      ${({ theme }) => theme.space.md};
    border-right: none;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Brand = styled.p`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  color: ${({ theme }) => theme.colors.primary};
  letter-spacing: -0.02em;

  ${({ theme }) => theme.media.phone} {
    order: 1;
    width: 100%;
    text-align: center;
  }
`;

const Picture = styled(LandingIllustration)`
  width: 100%;
  max-width: 30rem;
  height: auto;

  ${({ theme }) => theme.media.phone} {
    order: 0;
    max-width: 14rem;
  }
`;

const Tagline = styled.p`
  max-width: 24rem;
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.textMuted};

  ${({ theme }) => theme.media.phone} {
    order: 2;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const FormColumn = styled.section`
  display: flex;
  justify-content: center;
  align-items: center;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};

  ${({ theme }) => theme.media.phone} {
    align-items: flex-start;
    padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg}
      ${({ theme }) => theme.space.xl};
  }
`;

const FormInner = styled.div`
  width: 100%;
  max-width: 24rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  letter-spacing: -0.01em;
`;

const Intro = styled.p`
  margin-top: calc(-1 * ${({ theme }) => theme.space.sm});
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The form of the login and sign-up pages: its fields stacked with the theme's spacing. */
export const AuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The form's buttons, stacked full width under its fields. */
export const AuthActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
`;

/** The line under the form that links to the other page ('Create New Account', 'Already have an account'). */
export const AuthSwitchLine = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
