import { DatabaseBackup } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface DemoDataCardProps {
  /** 'Reset demo data' confirmed: restore the seed data. Resolves when done. */
  onReset: () => void;
  /** The reset is under way: the confirm button is busy. */
  resetting?: boolean;
}

/**
 * Explains where the demo keeps its data (this browser) and offers 'Reset demo data', which asks
 * for confirmation first because it throws away everything done since.
 */
export function DemoDataCard({ onReset, resetting = false }: DemoDataCardProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card aria-labelledby="demo-data-heading">
      <Icon aria-hidden="true">
        <DatabaseBackup />
      </Icon>
      <Body>
        <Heading id="demo-data-heading">Demo data</Heading>
        <Text>
          Murmur&apos;s server runs in this browser, and everything you do is saved here. Reset to
          start again from the original 5 people and 8 posts.
        </Text>
      </Body>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Reset demo data
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Reset demo data?"
        message="Every post, comment, like, follow and account made since will be gone, and you will be logged out."
        confirmLabel="Reset demo data"
        danger
        busy={resetting}
        onConfirm={() => {
          onReset();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

const Card = styled.section`
  margin-top: ${({ theme }) => theme.space.md};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ theme }) => theme.media.phone} {
    flex-wrap: wrap;
  }
`;
const Icon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryStrong};
`;
const Body = styled.div`
  flex: 1 1 16rem;
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
`;
const Heading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
`;
const Text = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
