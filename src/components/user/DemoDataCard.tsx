import { DatabaseBackup } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { SettingCard } from './SettingCard';

export interface DemoDataCardProps {
  /** 'Reset demo data' confirmed: restore the seed data. Resolves when done. */
  onReset: () => void;
  /** The reset is under way: the confirm button is busy. */
  resetting?: boolean;
  /**
   * The data lives on a server that other people use too (the Node server with its reset on),
   * not in this browser: the words say so, and that a reset ends everyone's work and sessions.
   */
  shared?: boolean;
}

/**
 * Explains where the demo keeps its data (this browser, or a server people share) and offers
 * 'Reset demo data', which asks for confirmation first because it throws away everything done
 * since.
 */
export function DemoDataCard({ onReset, resetting = false, shared = false }: DemoDataCardProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingCard
      icon={<DatabaseBackup />}
      heading="Demo data"
      action={
        <>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Reset demo data
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Reset demo data?"
            message={
              shared
                ? 'Every post, comment, like, follow and account anyone made since will be gone, and everyone will be logged out.'
                : 'Every post, comment, like, follow and account made since will be gone, and you will be logged out.'
            }
            confirmLabel="Reset demo data"
            danger
            busy={resetting}
            onConfirm={() => {
              onReset();
              setConfirming(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        </>
      }
    >
      {shared
        ? "This server's data is shared by everyone who uses it. Reset to start again from the original 5 people and 8 posts, for everyone."
        : "Murmur's server runs in this browser, and everything you do is saved here. Reset to start again from the original 5 people and 8 posts."}
    </SettingCard>
  );
}
