import { useCallback, useState } from 'react';
import type { ChangeEvent } from 'react';

/**
 * What a picked file is judged by: its type and size before it is read, then once more with its
 * content (`dataUrl`), whose bytes must be the image its type claims (a renamed text file is not).
 */
export type ImageFileCheck = (file: {
  type: string;
  size: number;
  dataUrl?: string;
}) => string | null;

export interface ImagePickerOptions {
  /** The image rule in a person's words: a message when the file is refused, null to read it. */
  check: ImageFileCheck;
  /** The picked image, read as a data URL. */
  onImage: (dataUrl: string) => void;
}

/** A file the browser cannot read: not a rule of the image, the picker's own failure. */
const UNREADABLE = 'That image could not be read. Try another file.';

/**
 * Everything a file input needs to pick one image: the file is checked first (nothing is read
 * when it is refused), then read as a data URL and checked again with its bytes. `error` holds the refusal until the next good
 * pick or `clearError`. The input is emptied after each pick, so the same file can be picked
 * again after a removal.
 */
export function useImagePicker({ check, onImage }: ImagePickerOptions) {
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = check(file);
    if (problem !== null) {
      setError(problem);
      return;
    }
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      if (typeof reader.result !== 'string') return;
      const refused = check({ type: file.type, size: file.size, dataUrl: reader.result });
      setError(refused);
      if (refused === null) onImage(reader.result);
    });
    reader.addEventListener('error', () => setError(UNREADABLE));
    reader.readAsDataURL(file);
  };

  const clearError = useCallback(() => setError(null), []);

  return { error, clearError, input: { type: 'file', accept: 'image/*', onChange } as const };
}
