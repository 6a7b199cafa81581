import { RotateCcw } from 'lucide-react';
import type { ChangeEvent, RefObject } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

/** A picked image on its way to the server, or stopped on the way. */
export type ImageUploadState =
  /** `progress`: 0 to 1, or null while the browser has not said how far it is. */
  | { status: 'uploading'; progress: number | null }
  /** `canRetry`: sending the same file again may help (the network failed, not the file). */
  | { status: 'failed'; canRetry: boolean };

export interface UploadProgressProps {
  /** 0 to 1, or null while the browser has not said (the bar then waits, '…'). */
  progress: number | null;
  /** What is uploading, for the bar's name ('Uploading image'). */
  label: string;
  /** Round, for an avatar; else the thumbnail's rounded corners. */
  round?: boolean;
}

/**
 * How far an upload is, laid over the picture's thumbnail (its parent is `position: relative`):
 * a bar along its foot and the percent in its middle. The bar is a native `<progress>`, so a
 * screen reader reads its value; the percent is for the eye.
 */
export function UploadProgress({ progress, label, round = false }: UploadProgressProps) {
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Overlay $round={round}>
      <progress aria-label={label} max={100} {...(percent === null ? {} : { value: percent })} />
      <span aria-hidden="true">{percent === null ? '…' : `${percent}%`}</span>
    </Overlay>
  );
}

/**
 * A file input's change handler that hands on the picked file, then empties the input, so the
 * same file can be picked again (after a cancel or a removal).
 */
export function onFilePicked(take: (file: File) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file !== undefined) take(file);
  };
}

export interface RetryUploadButtonProps {
  /** Sends the failed upload's file again. */
  onRetry: () => void;
  /** Where the focus waits while it uploads again (this button goes meanwhile). */
  focusAfter: RefObject<HTMLElement | null>;
}

/** 'Retry upload', for a failed upload that trying again may mend. */
export function RetryUploadButton({ onRetry, focusAfter }: RetryUploadButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<RotateCcw aria-hidden="true" />}
      onClick={() => {
        onRetry();
        focusAfter.current?.focus();
      }}
    >
      Retry upload
    </Button>
  );
}

const Overlay = styled.div<{ $round: boolean }>`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme, $round }) => ($round ? theme.radii.round : theme.radii.sm)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};

  progress {
    position: absolute;
    left: ${({ $round }) => ($round ? '20%' : '0.25rem')};
    right: ${({ $round }) => ($round ? '20%' : '0.25rem')};
    bottom: ${({ $round }) => ($round ? '22%' : '0.25rem')};
    width: ${({ $round }) => ($round ? '60%' : 'calc(100% - 0.5rem)')};
    height: 0.25rem;
    appearance: none;
    border: none;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    overflow: hidden;
  }
  progress::-webkit-progress-bar {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  progress::-webkit-progress-value {
    background: ${({ theme }) => theme.colors.primary};
  }
  progress::-moz-progress-bar {
    background: ${({ theme }) => theme.colors.primary};
  }

  span {
    padding: 0 0.25rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
`;
