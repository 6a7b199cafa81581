import { Fragment, useId } from 'react';
import styled from 'styled-components';
import { Dialog } from '../ui';
import { SHORTCUT_GROUPS, type Shortcut } from '../ui/shortcuts';

export interface ShortcutsDialogProps {
  /** Controlled: shown while true. */
  open: boolean;
  /** Escape, Close, the backdrop or the browser's Back. */
  onClose: () => void;
}

/**
 * The '?' sheet: every keyboard shortcut, in the groups of the shortcuts table that the keys'
 * handlers read, so the sheet lists exactly what the keys do. Each is a term (its keys, as
 * `<kbd>`: 'g then h', 'Enter or o') and what it does.
 */
export function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      maxWidth="36rem"
      aria-describedby={noteId}
    >
      <Note id={noteId}>
        Letters work when you are not typing in a field. Press ? to see this list again.
      </Note>
      <Groups>
        {SHORTCUT_GROUPS.map((group, place) => (
          // An id by place: a title's spaces would split aria-labelledby into several ids.
          <Group key={group.title} aria-labelledby={`${id}-group-${place}`}>
            <GroupTitle id={`${id}-group-${place}`}>{group.title}</GroupTitle>
            <List>
              {group.shortcuts.map((shortcut) => (
                <Row key={shortcut.id}>
                  <Keys>
                    <KeysOf shortcut={shortcut} />
                  </Keys>
                  <What>{shortcut.label}</What>
                </Row>
              ))}
            </List>
          </Group>
        ))}
      </Groups>
    </Dialog>
  );
}

/** 'Enter or o', 'g then h': each key a `<kbd>`, the words between them read as they are. */
function KeysOf({ shortcut }: { shortcut: Shortcut }) {
  return shortcut.keys.map((sequence, way) => (
    <Fragment key={sequence.join(' ')}>
      {way > 0 && <Between> or </Between>}
      {sequence.map((key, place) => (
        <Fragment key={key}>
          {place > 0 && <Between> then </Between>}
          <Key>{key}</Key>
        </Fragment>
      ))}
    </Fragment>
  ));
}

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const GroupTitle = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const List = styled.dl`
  display: grid;
  margin: 0;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(7.5rem, auto) 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xs} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(5.5rem, auto) 1fr;
  }
`;

const Keys = styled.dt`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
`;

const What = styled.dd`
  margin: 0;
`;

const Between = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Key = styled.kbd`
  display: inline-grid;
  place-items: center;
  min-width: 1.75rem;
  height: 1.75rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-bottom-width: 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
