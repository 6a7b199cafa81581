// An app outside the repository that installed the packed murmur tarball: it imports the package
// by name, as anyone would, and renders a Button and a PostCard. tests/consumer/consumer.test.ts
// type-checks it against the package's declarations, builds it with Vite and opens it in Chromium.
import { Button, GlobalStyle, PostCard, theme } from 'murmur';
import type { Post, PostCardActions, PostCardView, TextVerdict } from 'murmur';
import 'murmur/font';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';

const author = { firstName: 'Ada', lastName: 'Lovelace', username: 'ada', profile: '' };

const post: Post = {
  _id: 'post-1',
  content: 'Hello from a consumer of the murmur package',
  ...author,
  createdAt: '2026-03-14T11:55:00.000Z',
  updatedAt: '2026-03-14T11:55:00.000Z',
  likes: { likeCount: 2, likedBy: [], dislikedBy: [] },
  comments: [],
};

/** This app's own comment rule: the package gives verdicts a shape, not a rule. */
function checkComment(text: string): TextVerdict {
  const length = [...text.trim()].length;
  return { length, max: 300, problem: length === 0 ? 'empty' : length > 300 ? 'tooLong' : null };
}

function Consumer() {
  const [likes, setLikes] = useState(0);
  const [liked, setLiked] = useState(false);
  const view: PostCardView = {
    likedByMe: liked,
    bookmarked: false,
    canEdit: false,
    likePending: false,
    bookmarkPending: false,
    deleting: false,
    comments: {},
    commentCount: 0,
  };
  const ignore = () => undefined;
  const actions: PostCardActions = {
    onToggleLike: () => {
      setLiked((was) => !was);
      setLikes((count) => count + 1);
    },
    onToggleBookmark: ignore,
    onEdit: ignore,
    onDelete: ignore,
    onAddComment: ignore,
    onEditComment: ignore,
    onDeleteComment: ignore,
    onUpvoteComment: ignore,
    onDownvoteComment: ignore,
    onOpenPost: ignore,
    onCopyLink: ignore,
  };
  return (
    <main style={{ maxWidth: '40rem', margin: '2rem auto', display: 'grid', gap: '1rem' }}>
      <h1>A consumer of murmur</h1>
      <Button onClick={() => setLikes(0)}>Reset</Button>
      <p data-testid="likes">Like pressed {likes} times</p>
      <PostCard post={post} view={view} actions={actions} checkComment={checkComment} />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <Consumer />
    </ThemeProvider>
  </StrictMode>,
);
