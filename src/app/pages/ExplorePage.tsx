import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExploreScreen } from '../../components/screens/ExploreScreen';
import { exploreFeed, exploreQueryOf, selectSortMode } from '../../machines';
import { useActors } from '../AppContext';
import { usePagedFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/**
 * `/explore-page`: every post, Trending (most liked first, `?sort=trending`) or Latest (newest
 * first), or only those with a hashtag (`?tag=bread`, newest first), a page at a time;
 * `?post=<id>` (a search result) shows that post first, scrolls to it and focuses it.
 */
export function ExplorePage() {
  const { sorting } = useActors();
  const [params, setParams] = useSearchParams();
  // The choice lives in the URL (`?sort=trending` survives a reload and a shared link);
  // the sorting machine follows it before the page paints. A hashtag link filters the list:
  // `?tag=bread`.
  const { sort: requested, tag } = exploreQueryOf(params);
  useDocumentTitle(tag === null ? PAGE_TITLES.explore : `#${tag} · ${PAGE_TITLES.explore}`);
  useLayoutEffect(() => {
    sorting.send({ type: requested === 'trending' ? 'SHOW_TRENDING' : 'SHOW_LATEST' });
  }, [requested, sorting]);
  const mode = useSelector(sorting, selectSortMode);
  const focusPostId = params.get('post');
  // The feed follows the address, as the machine does: reading the machine's mode here opened
  // Latest's feed too on a cold load of `?sort=trending`, in the one render before it followed.
  const feed = usePagedFeed(exploreFeed(tag, requested), focusPostId);
  return (
    <ExploreScreen
      {...feed}
      focusPostId={focusPostId}
      sort={mode}
      tag={tag}
      onClearTag={() => {
        const nextParams = new URLSearchParams(params);
        nextParams.delete('tag');
        setParams(nextParams);
      }}
      onSortChange={(next) => {
        const nextParams = new URLSearchParams(params);
        if (next === 'trending') nextParams.set('sort', 'trending');
        else nextParams.delete('sort');
        setParams(nextParams, { replace: true });
      }}
    />
  );
}
