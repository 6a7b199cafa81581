import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import styled from 'styled-components';
import { lightTheme, theme } from '../../src/components/ui/theme';

/** The design tokens as a person sees them: colours with their names, spacing, radii, type. */
function Tokens() {
  return (
    <Page>
      <h1>Design tokens</h1>
      <section aria-labelledby="colours">
        <h2 id="colours">Colours</h2>
        <Grid>
          {/* The real values: the theme components read holds `var(--color-…)` for each. */}
          {Object.entries(lightTheme.colors).map(([name, value]) => (
            <Swatch key={name}>
              <Chip style={{ background: value }} aria-hidden="true" />
              <span>{name}</span>
              <code>{value}</code>
            </Swatch>
          ))}
        </Grid>
      </section>
      <section aria-labelledby="type">
        <h2 id="type">Type scale</h2>
        {Object.entries(theme.font.size).map(([name, size]) => (
          <p key={name} style={{ fontSize: size }}>
            {name} · {size} · Murmur keeps the conversation going
          </p>
        ))}
      </section>
      <section aria-labelledby="spacing">
        <h2 id="spacing">Spacing and radii</h2>
        <Row>
          {Object.entries(theme.space).map(([name, size]) => (
            <Space key={name}>
              <Bar style={{ width: size }} aria-hidden="true" />
              <span>
                {name} {size}
              </span>
            </Space>
          ))}
        </Row>
        <Row>
          {Object.entries(theme.radii).map(([name, radius]) => (
            <Space key={name}>
              <Chip style={{ borderRadius: radius }} aria-hidden="true" />
              <span>{name}</span>
            </Space>
          ))}
        </Row>
      </section>
    </Page>
  );
}

const Page = styled.main`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl};
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin-bottom: ${({ theme }) => theme.space.md};
  }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;
const Swatch = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.font.size.sm};
  code {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Chip = styled.div`
  height: 3rem;
  width: 100%;
  min-width: 3rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.md};
`;
const Space = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
const Bar = styled.div`
  height: 1rem;
  background: ${({ theme }) => theme.colors.primary};
`;

const meta = {
  title: 'Foundation/Tokens',
  component: Tokens,
} satisfies Meta<typeof Tokens>;
export default meta;

export const All: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Design tokens' })).toBeVisible();
    await expect(canvas.getByText('primarySoft')).toBeVisible();
    await expect(canvas.getAllByText(lightTheme.colors.primary)[0]).toBeVisible();
  },
};
